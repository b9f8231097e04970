import { QA_STAGE_MAX_LINES, QA_STAGE_TRUNCATE_CHARS } from "../constants";
import type { SessionState } from "../vocabulary";

// Issue 12 §3 "show on stage": the question the team last answered, drawn on the stage (DOM) and into the
// program feed (canvas) by the same rules, so WebRTC and HLS viewers read the same card.

const ELLIPSIS = "…";

/** The question on stage as the session carries it. */
export interface QaOnStageQuestion {
  questionId: number;
  content: string;
  firstName: string;
  lastName: string;
}

export interface QaStageCard {
  questionId: number;
  text: string;
  /** "asked by First Last". */
  askedBy: string;
}

/**
 * qa_truncate_on_stage: at most QA_STAGE_TRUNCATE_CHARS characters, cut at the last word boundary
 * when there is one in the second half (a long word is cut where it stands), then an ellipsis.
 */
export function stageQuestionText(content: string, truncate: boolean): string {
  const text = content.trim().replace(/\s+/g, " ");
  if (!truncate || text.length <= QA_STAGE_TRUNCATE_CHARS) return text;
  const cut = text.slice(0, QA_STAGE_TRUNCATE_CHARS - ELLIPSIS.length + 1);
  const space = cut.lastIndexOf(" ");
  const kept = space >= QA_STAGE_TRUNCATE_CHARS / 2 ? cut.slice(0, space) : cut.slice(0, -1);
  return `${kept.trimEnd()}${ELLIPSIS}`;
}

/** The card the stage shows, or null: nothing answered onto it, or 'Show on stage' off. */
export function qaStageCard(session: {
  qaShowOnStage: boolean;
  qaTruncateOnStage: boolean;
  qaOnStage: QaOnStageQuestion | null;
}): QaStageCard | null {
  const shown = session.qaOnStage;
  if (!session.qaShowOnStage || shown === null) return null;
  return {
    questionId: shown.questionId,
    text: stageQuestionText(shown.content, session.qaTruncateOnStage),
    askedBy: `asked by ${`${shown.firstName} ${shown.lastName}`.trim()}`,
  };
}

/**
 * Breaks the card's text into lines no wider than `maxWidth` (as `measure` says) for the canvas, at
 * most QA_STAGE_MAX_LINES (the DOM card clamps to the same count); the last kept line ends with an
 * ellipsis when text was left out.
 */
export function stageCardLines(text: string, maxWidth: number, measure: (s: string) => number): string[] {
  const lines: string[] = [];
  let line = "";
  for (const word of text.split(" ")) {
    const next = line === "" ? word : `${line} ${word}`;
    if (line !== "" && measure(next) > maxWidth) {
      lines.push(line);
      line = word;
    } else line = next;
  }
  if (line !== "") lines.push(line);
  if (lines.length <= QA_STAGE_MAX_LINES) return lines;
  const kept = lines.slice(0, QA_STAGE_MAX_LINES);
  let last = kept[QA_STAGE_MAX_LINES - 1] ?? "";
  while (last.length > 0 && measure(`${last}${ELLIPSIS}`) > maxWidth) last = last.slice(0, -1);
  kept[QA_STAGE_MAX_LINES - 1] = `${last.trimEnd()}${ELLIPSIS}`;
  return kept;
}

/**
 * The question leaves the stage when the session leaves broadcasting or 'Show on stage' is turned off
 * (a later go-live or toggle does not bring an old question back).
 */
export function clearsQaOnStage(patch: { state?: SessionState; qaShowOnStage?: boolean }): boolean {
  return (patch.state !== undefined && patch.state !== "broadcasting") || patch.qaShowOnStage === false;
}
