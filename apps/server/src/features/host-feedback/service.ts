import {
  Conflict,
  Forbidden,
  type HostFeedbackBody,
  isHostLevel,
  mayGiveHostFeedback,
  NotFound,
} from "@onstage/domain";
import { requireTopicReader, sessionOf } from "../../kernel/access/topic-access";
import type { FeatureDeps } from "../deps";
import { insertFeedback } from "./queries";

// Spec 2 §4, §7: the host's feedback once the session has ended (POST /api/host-feedback).

export function hostFeedbackService({ db }: Pick<FeatureDeps, "db">) {
  return {
    async send(viewerUserId: number, body: HostFeedbackBody): Promise<number> {
      const access = await requireTopicReader(db, viewerUserId, {
        kind: "session",
        id: body.video_session_id,
      });
      const session = sessionOf(access);
      if (session.eventId !== body.event_id) throw NotFound("session_not_found");
      if (!mayGiveHostFeedback(access.flags, session.state)) {
        throw isHostLevel(access.flags) ? Conflict("session_not_ended") : Forbidden();
      }
      const { feedback } = body;
      return insertFeedback(db, {
        overall: feedback.overall,
        use_again: feedback.use_again ?? null,
        video_quality: feedback.video_quality ?? null,
        audio_quality: feedback.audio_quality ?? null,
        // An empty box is no feedback text.
        general_feedback: feedback.general_feedback?.trim() || null,
        event_id: session.eventId,
        session_id: session.id,
        most_tiles_on_stage: feedback.most_tiles_on_stage ?? null,
        host_user_id: viewerUserId,
        broadcast_type: session.broadcastType,
      });
    },
  };
}
