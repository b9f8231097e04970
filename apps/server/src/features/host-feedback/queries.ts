import type { BroadcastType } from "@onstage/domain";
import type { Queryable } from "../../platform/database";

export interface FeedbackRow {
  overall: number;
  use_again: number | null;
  video_quality: number | null;
  audio_quality: number | null;
  general_feedback: string | null;
  webrtc_conference_id: string | null;
  event_id: number;
  session_id: number;
  most_tiles_on_stage: number | null;
  host_user_id: number;
  broadcast_type: BroadcastType;
}

/** Spec 2 §3 Feedback (feedback_v2): the session's conference id is read here, never from the client. */
export async function insertFeedback(
  db: Queryable,
  row: Omit<FeedbackRow, "webrtc_conference_id">,
): Promise<number> {
  const [inserted] = await db.query<{ id: number }>(
    `INSERT INTO feedback (overall, use_again, video_quality, audio_quality, general_feedback, webrtc_conference_id,
                           event_id, session_id, most_tiles_on_stage, host_user_id, broadcast_type)
     SELECT $1, $2, $3, $4, $5, vs.webrtc_conference_id, $6, vs.id, $7, $8, $9
       FROM video_sessions vs WHERE vs.id = $10
     RETURNING id`,
    [
      row.overall,
      row.use_again,
      row.video_quality,
      row.audio_quality,
      row.general_feedback,
      row.event_id,
      row.most_tiles_on_stage,
      row.host_user_id,
      row.broadcast_type,
      row.session_id,
    ],
  );
  if (!inserted) throw new Error("the session vanished between its check and the feedback's insert");
  return inserted.id;
}
