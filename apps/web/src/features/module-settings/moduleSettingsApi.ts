import { ToggleClippingResponse } from "@onstage/domain";
import { api, jsonBody } from "../../api";

export const toggleClipping = (eventId: number, disableClipping: boolean) =>
  api(
    "/api/video-session/toggle-clipping",
    ToggleClippingResponse,
    jsonBody({ disable_clipping: disableClipping, event_id: eventId }),
  );
