import {
  PROGRAM_HEIGHT,
  PROGRAM_WIDTH,
  type QaStageCard,
  type SceneLayer,
  stageCardLines,
} from "@onstage/domain";
import { boxDrawer, type Painter, PROGRAM_FONT, PROGRAM_TEXT, still } from "../painter";

// Issue 12 "show on stage": the question the team answered, as a lower third over the tiles.

/** The card's geometry in program pixels. */
const CARD = {
  accentWidth: 6,
  marginX: Math.round(PROGRAM_WIDTH * 0.05),
  marginBottom: Math.round(PROGRAM_HEIGHT * 0.055),
  padding: 20,
  textPx: 30,
  byPx: 20,
  lineHeight: 1.3,
  background: "#111827",
  byColour: "#d1d5db",
} as const;

interface PlacedText {
  text: string;
  font: string;
  colour: string;
  y: number;
}

/** Where the card and each of its lines go: computed once per card, drawn every frame. */
export interface QaCardLayout {
  x: number;
  y: number;
  width: number;
  height: number;
  accent: string;
  texts: PlacedText[];
}

/** Lays the card out with the canvas's own text metrics, wrapping at most QA_STAGE_MAX_LINES lines. */
export function layoutQaCard(
  ctx: Pick<CanvasRenderingContext2D, "font" | "measureText">,
  card: QaStageCard,
  accent: string,
): QaCardLayout {
  const width = PROGRAM_WIDTH - 2 * CARD.marginX;
  const textFont = `600 ${CARD.textPx}px ${PROGRAM_FONT}`;
  ctx.font = textFont;
  const lines = stageCardLines(
    card.text,
    width - 2 * CARD.padding - CARD.accentWidth,
    (s) => ctx.measureText(s).width,
  );
  const lineHeight = CARD.textPx * CARD.lineHeight;
  const height = 2 * CARD.padding + lines.length * lineHeight + CARD.byPx * CARD.lineHeight;
  const y = PROGRAM_HEIGHT - CARD.marginBottom - height;
  const texts = lines.map((text, i) => ({
    text,
    font: textFont,
    colour: PROGRAM_TEXT,
    y: y + CARD.padding + i * lineHeight,
  }));
  texts.push({
    text: card.askedBy,
    font: `400 ${CARD.byPx}px ${PROGRAM_FONT}`,
    colour: CARD.byColour,
    y: y + CARD.padding + lines.length * lineHeight,
  });
  return { x: CARD.marginX, y, width, height, accent, texts };
}

/** The card with its top left corner at `at` (its lines are placed relative to the card's top). */
function drawQaCard(ctx: CanvasRenderingContext2D, layout: QaCardLayout, at: { x: number; y: number }) {
  const { width, height } = layout;
  ctx.fillStyle = CARD.background;
  ctx.fillRect(at.x, at.y, width, height);
  ctx.fillStyle = layout.accent;
  ctx.fillRect(at.x, at.y, CARD.accentWidth, height);
  ctx.textAlign = "left";
  ctx.textBaseline = "top";
  const left = at.x + CARD.accentWidth + CARD.padding;
  for (const t of layout.texts) {
    ctx.font = t.font;
    ctx.fillStyle = t.colour;
    ctx.fillText(t.text, left, at.y + t.y - layout.y, width - 2 * CARD.padding - CARD.accentWidth);
  }
}

export const question: Painter<Extract<SceneLayer, { kind: "question" }>> = {
  prepare: (ctx, layer, { surface }) => {
    const layout = layoutQaCard(ctx, layer.card, layer.accent);
    const drawBox = boxDrawer({ ...layout, opaque: true }, (c, at) => drawQaCard(c, layout, at), surface);
    return still((target) => drawBox(target));
  },
  describe: (layer) => ({ label: "Question on stage", lines: [layer.card.text, layer.card.askedBy] }),
};
