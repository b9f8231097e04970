import { z } from "zod";
import { FEEDBACK_TEXT_MAX_CHARS, STAR_RATING_MAX, STAR_RATING_MIN } from "../constants";
import { Id, StoredText } from "../wire";

// Host feedback (spec 2 §7): the host's ratings of an ended session.

const Stars = z.number().int().min(STAR_RATING_MIN).max(STAR_RATING_MAX);

/**
 * POST /api/host-feedback (spec 2 §7: feedback, user, event, currentSession). The user is the signed-in
 * caller, never a field; the conference id and broadcast type are read from the session.
 */
export const HostFeedbackBody = z
  .object({
    feedback: z
      .object({
        overall: Stars,
        video_quality: Stars.optional(),
        audio_quality: Stars.optional(),
        use_again: Stars.optional(),
        general_feedback: StoredText(FEEDBACK_TEXT_MAX_CHARS).optional(),
        /** The most tiles the host's stage showed at once during the session. */
        most_tiles_on_stage: z.number().int().min(0).max(1_000).optional(),
      })
      .strict(),
    event_id: Id,
    video_session_id: Id,
  })
  .strict();
export type HostFeedbackBody = z.infer<typeof HostFeedbackBody>;

export const HostFeedbackResponse = z.object({ id: z.number().int() });
export type HostFeedbackResponse = z.infer<typeof HostFeedbackResponse>;
