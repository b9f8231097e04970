import { MediaRoomJoin } from "@onstage/domain";
import { api, jsonBody } from "../../api";

/** Issue 11 §2: the server decides who publishes and which media room carries the stage. */
export const joinStage = (sessionId: number, eventId: number) =>
  api(
    "/api/video-session/join-stage",
    MediaRoomJoin,
    jsonBody({ video_session_id: sessionId, event_id: eventId }),
  );
