// Issue 12 §11 for Q&A: asking is the audience's own doing (not held live, like chat); answering is the
// stage's (held until the picture shows the host marking it Done). The replay replays both.

/** Whether this viewer's picture has reached `happenedAtMs`; `holdsLive` false: live viewers get it at once. */
export type Reached = (happenedAtMs: number, holdsLive?: boolean) => boolean;

interface AskedQuestion {
  /** When it was asked (ISO). */
  timestamp: string;
  answered: boolean;
  answeredTimestamp: number | null;
}

/** The question as this viewer's picture has it: not yet asked (null), still open, or answered. */
export function questionInStep<Q extends AskedQuestion>(question: Q, reached: Reached): Q | null {
  if (!reached(Date.parse(question.timestamp), false)) return null;
  if (!question.answered || question.answeredTimestamp === null) return question;
  if (reached(question.answeredTimestamp)) return question;
  return { ...question, answered: false, answeredTimestamp: null };
}
