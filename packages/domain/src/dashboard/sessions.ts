import { z } from "zod";
import { VideoSessionSummary } from "../event-page/schemas";
import { BroadcastType, SessionType } from "../vocabulary";
import { IdParam, IsoTime, Text } from "./fields";
import { DASH_LIMITS as L } from "./limits";

// An event's sessions on the dashboard (issue 5 §1):
//   POST   /api/dash/events/:eventId/sessions CreateSessionRequest → 201 DashSessionResponse (409 single_session_event)
//   PATCH  /api/dash/sessions/:sessionId      UpdateSessionRequest → DashSessionResponse
//   DELETE /api/dash/sessions/:sessionId                           → 204 (409 session_live | last_session)

export const SessionIdParams = z.object({ sessionId: IdParam });

export const SessionInput = z
  .object({
    title: Text(L.sessionTitleMaxChars).default(""),
    description: Text(L.sessionDescriptionMaxChars).default(""),
    timeScheduled: IsoTime,
    durationMinutes: z.number().int().min(1).max(L.sessionDurationMaxMinutes),
    sessionType: SessionType.default("regular"),
    broadcastType: BroadcastType.default("webrtc"),
  })
  .strict();
export type SessionInput = z.input<typeof SessionInput>;
/** A session as the server receives it, defaults applied. */
export type SessionFields = z.output<typeof SessionInput>;

export const CreateSessionRequest = SessionInput;
export type CreateSessionRequest = z.input<typeof CreateSessionRequest>;

export const UpdateSessionRequest = z
  .object({
    title: Text(L.sessionTitleMaxChars).optional(),
    description: Text(L.sessionDescriptionMaxChars).optional(),
    timeScheduled: IsoTime.optional(),
    durationMinutes: z.number().int().min(1).max(L.sessionDurationMaxMinutes).optional(),
    sessionType: SessionType.optional(),
    broadcastType: BroadcastType.optional(),
  })
  .strict();
export type UpdateSessionRequest = z.infer<typeof UpdateSessionRequest>;

/** Hosts edit the same session fields visitors see on the event page. */
export const DashSession = VideoSessionSummary;
export type DashSession = z.infer<typeof DashSession>;

export const DashSessionResponse = z.object({ session: DashSession });
export type DashSessionResponse = z.infer<typeof DashSessionResponse>;
