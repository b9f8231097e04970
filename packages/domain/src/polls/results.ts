// Spec 2 §4: a poll answer is set, switched to another option, or removed by clicking the same option.

/** The viewer's answer after clicking `clicked`: the same option again removes it. */
export function answerAfterClick(current: number | null, clicked: number): number | null {
  return current === clicked ? null : clicked;
}

export interface OptionResult {
  optionId: number;
  answers: number;
  /** Whole percent of all answers; 0 while nobody answered. */
  percent: number;
}

/** A poll's total under its results: '1 vote', '{n} votes' (issue 23 §3.5). */
export function pollVotesLabel(total: number): string {
  return `${total} ${total === 1 ? "vote" : "votes"}`;
}

export function pollResults(options: { id: number; answers: number }[]): {
  total: number;
  options: OptionResult[];
} {
  const total = options.reduce((sum, option) => sum + option.answers, 0);
  return {
    total,
    options: options.map((option) => ({
      optionId: option.id,
      answers: option.answers,
      percent: total === 0 ? 0 : Math.round((option.answers / total) * 100),
    })),
  };
}

/**
 * The counts a voter's own change makes, applied before the server's next results arrive, so the
 * voter sees their click at once; the server's counts replace these when they come.
 */
export function countsAfterAnswer(
  counts: Record<number, number>,
  from: number | null,
  to: number | null,
): Record<number, number> {
  const next = { ...counts };
  if (from !== null) next[from] = Math.max(0, (next[from] ?? 0) - 1);
  if (to !== null) next[to] = (next[to] ?? 0) + 1;
  return next;
}
