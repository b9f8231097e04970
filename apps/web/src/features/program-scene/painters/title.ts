import { PROGRAM_HEIGHT, PROGRAM_WIDTH, type SceneLayer, type SceneTitle } from "@onstage/domain";
import { boxDrawer, type Painter, PROGRAM_FONT, PROGRAM_TEXT } from "../painter";

// Spec 3 §4 title overlays: a lower third that slides in from the left when shown and out when hidden.

export const TITLE_SLIDE_MS = 500;

/** The lower third's geometry in program pixels. */
export const TITLE_BOX = {
  marginX: Math.round(PROGRAM_WIDTH * 0.05),
  marginY: Math.round(PROGRAM_HEIGHT * 0.07),
  paddingX: 24,
  titleHeight: 60,
  subtitleHeight: 44,
  titlePx: 34,
  subtitlePx: 24,
  maxWidth: Math.round(PROGRAM_WIDTH * 0.6),
  background: "#111827",
} as const;

export interface TitleLayout {
  x: number;
  y: number;
  width: number;
  /** The subtitle's band, in the brand colour, under the title's; none without a subtitle. */
  hasSubtitle: boolean;
}

/** Where the lower third goes, measured once per title with the canvas's own text metrics. */
export function layoutTitle(
  ctx: Pick<CanvasRenderingContext2D, "font" | "measureText">,
  title: SceneTitle,
  placement: "bottom" | "top",
): TitleLayout {
  ctx.font = titleFont();
  const titleWidth = ctx.measureText(title.title).width;
  ctx.font = subtitleFont();
  const subtitleWidth = title.subtitle ? ctx.measureText(title.subtitle).width : 0;
  const width = Math.min(TITLE_BOX.maxWidth, Math.max(titleWidth, subtitleWidth) + 2 * TITLE_BOX.paddingX);
  const hasSubtitle = title.subtitle.length > 0;
  const height = TITLE_BOX.titleHeight + (hasSubtitle ? TITLE_BOX.subtitleHeight : 0);
  const y = placement === "top" ? TITLE_BOX.marginY : PROGRAM_HEIGHT - TITLE_BOX.marginY - height;
  return { x: TITLE_BOX.marginX, y, width, hasSubtitle };
}

const titleFont = () => `700 ${TITLE_BOX.titlePx}px ${PROGRAM_FONT}`;
const subtitleFont = () => `500 ${TITLE_BOX.subtitlePx}px ${PROGRAM_FONT}`;

/** 0 → 1 with a soft landing. */
const easeOut = (t: number) => 1 - (1 - Math.min(1, Math.max(0, t))) ** 3;

const boxHeight = (layout: TitleLayout) =>
  TITLE_BOX.titleHeight + (layout.hasSubtitle ? TITLE_BOX.subtitleHeight : 0);

/** The lower third with its top left corner at `at`. */
function drawTitle(
  ctx: CanvasRenderingContext2D,
  title: SceneTitle,
  accent: string,
  layout: TitleLayout,
  at: { x: number; y: number },
) {
  const textMax = layout.width - 2 * TITLE_BOX.paddingX;
  ctx.fillStyle = TITLE_BOX.background;
  ctx.fillRect(at.x, at.y, layout.width, TITLE_BOX.titleHeight);
  ctx.fillStyle = PROGRAM_TEXT;
  ctx.font = titleFont();
  ctx.textAlign = "left";
  ctx.textBaseline = "middle";
  ctx.fillText(title.title, at.x + TITLE_BOX.paddingX, at.y + TITLE_BOX.titleHeight / 2, textMax);
  if (!layout.hasSubtitle) return;
  const top = at.y + TITLE_BOX.titleHeight;
  ctx.fillStyle = accent;
  ctx.fillRect(at.x, top, layout.width, TITLE_BOX.subtitleHeight);
  ctx.fillStyle = PROGRAM_TEXT;
  ctx.font = subtitleFont();
  ctx.fillText(title.subtitle, at.x + TITLE_BOX.paddingX, top + TITLE_BOX.subtitleHeight / 2, textMax);
}

export const title: Painter<Extract<SceneLayer, { kind: "title" }>> = {
  identity: (layer) => String(layer.title.id),
  prepare: (ctx, layer, { continues, surface }) => {
    const layout = layoutTitle(ctx, layer.title, layer.placement);
    const box = { x: layout.x, y: layout.y, width: layout.width, height: boxHeight(layout), opaque: true };
    const drawBox = boxDrawer(box, (c, at) => drawTitle(c, layer.title, layer.accent, layout, at), surface);
    // Off screen: the whole box left of the picture.
    const away = -(layout.x + layout.width);
    let shownAt: number | null = continues ? Number.NEGATIVE_INFINITY : null;
    let leftAt: number | null = null;
    return {
      draw: (target, { now }) => {
        shownAt ??= now;
        const entered = easeOut((now - shownAt) / TITLE_SLIDE_MS);
        const left = leftAt === null ? 0 : easeOut((now - leftAt) / TITLE_SLIDE_MS);
        if (left >= 1) return false;
        drawBox(target, away * (1 - entered) + away * left);
        return entered < 1 || leftAt !== null;
      },
      leave: (now) => {
        leftAt = now;
        return TITLE_SLIDE_MS;
      },
    };
  },
  describe: (layer) => ({
    label: "Title on stage",
    lines: [layer.title.title, layer.title.subtitle].filter((line) => line.length > 0),
  }),
};
