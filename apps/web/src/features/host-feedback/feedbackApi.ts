import { type HostFeedbackBody, HostFeedbackResponse } from "@onstage/domain";
import { api, jsonBody } from "../../api";

export const sendHostFeedback = (body: HostFeedbackBody) =>
  api("/api/host-feedback", HostFeedbackResponse, jsonBody(body));
