import { type QaStageCard, qaStageCard, type RoomSession } from "@onstage/domain";
import { useMemo } from "react";

/**
 * The session's stage card, the same object while its text is unchanged: the program feed re-lays it
 * out and updates its sources only on a real change, not on every session message.
 */
export function useQaStageCard(
  session: Pick<RoomSession, "qaShowOnStage" | "qaTruncateOnStage" | "qaOnStage"> | null,
): QaStageCard | null {
  const card = session && qaStageCard(session);
  const questionId = card?.questionId;
  const text = card?.text ?? "";
  const askedBy = card?.askedBy ?? "";
  return useMemo(
    () => (questionId === undefined ? null : { questionId, text, askedBy }),
    [questionId, text, askedBy],
  );
}
