import { type ClaimTabRequest, ClaimTabResponse } from "@onstage/domain";
import type { z } from "zod";
import { api, jsonBody } from "../../api";

type ClaimTabBody = z.input<typeof ClaimTabRequest>;

export const claimTab = (body: ClaimTabBody) =>
  api("/api/video-session/claim-tab", ClaimTabResponse, jsonBody(body));

/** Spec 2 §7: the leave-session beacon on page unload; a form body, as the server reads it. */
export function sendLeaveBeacon(input: { sessionId: number; userId: number; browserId: string }) {
  if (typeof navigator.sendBeacon !== "function") return;
  navigator.sendBeacon(
    "/api/event/users/leave-session",
    new URLSearchParams({
      videoSessionIdStr: String(input.sessionId),
      userIdStr: String(input.userId),
      browserIdStr: input.browserId,
    }),
  );
}
