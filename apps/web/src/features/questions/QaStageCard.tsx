import { QA_STAGE_MAX_LINES, qaStageCard, type RoomSession } from "@onstage/domain";
import "./questions.css";

/**
 * Issue 12 "show on stage": the question the team answered, as a lower third over the stage for stage
 * members and WebRTC viewers (the program feed draws the same card for HLS viewers and the recording).
 */
export function QaStageCard({ session }: { session: RoomSession }) {
  const card = qaStageCard(session);
  if (!card) return null;
  return (
    <div className="qa-stage-card" role="status" aria-label="Question on stage">
      <p className="qa-stage-card__text" style={{ WebkitLineClamp: QA_STAGE_MAX_LINES }}>
        {card.text}
      </p>
      <p className="qa-stage-card__by">{card.askedBy}</p>
    </div>
  );
}
