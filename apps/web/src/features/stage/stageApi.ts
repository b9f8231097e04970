import { MediaRoomJoin } from "@onstage/domain";
import { api, jsonBody } from "../../api";

/**
 * Issue 11 §2: the server decides who publishes and which media room carries the stage; `view` asks
 * for a viewer place, which receives the composed program alone (issue 27).
 */
export const joinStage = (sessionId: number, eventId: number, view = false) =>
  api(
    "/api/video-session/join-stage",
    MediaRoomJoin,
    jsonBody({ video_session_id: sessionId, event_id: eventId, ...(view ? { view } : {}) }),
  );

/** Issue 27: where the composing page publishes the program (LiveKit: a participant's token). */
export const programPublisher = (sessionId: number) =>
  api(`/api/video-session/program-publisher?video_session_id=${sessionId}`, MediaRoomJoin);
