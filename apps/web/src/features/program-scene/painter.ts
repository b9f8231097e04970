import type { SceneLayer, SceneLayerKind } from "@onstage/domain";

export const PROGRAM_FONT = "system-ui, sans-serif";
export const PROGRAM_TEXT = "#ffffff";

/** What a frame draws from besides the scene. */
export interface Frame {
  /** performance.now() of the frame: animations run on it. */
  now: number;
  /**
   * A tile's picture: a playing video to draw; "beneath" when the stage's DOM shows the video under a
   * transparent canvas; null when there is none yet (the tile shows its name on a card).
   */
  video: (key: string) => HTMLVideoElement | "beneath" | null;
}

/** One layer made ready to draw: set up when the layer changes (text layout, images), drawn every frame. */
export interface Drawing {
  /** Draws the layer; true while it animates, so a canvas that draws on change draws the next frame too. */
  draw: (ctx: CanvasRenderingContext2D, frame: Frame) => boolean;
  /** The layer left the scene at `now`: how long it still draws itself leaving (0: gone at once). */
  leave?: (now: number) => number;
}

/** How a layer reads to a screen reader on the stage, where the canvas holds the picture. */
export interface LayerDescription {
  label: string;
  lines: string[];
}

/** One layer kind's single way of being drawn, on the stage and into the program alike. */
export interface PrepareContext {
  /** Something the drawing waited for arrived (an image loaded): draw again. */
  redraw: () => void;
  /** The layer replaces one with the same identity (a new colour, a new place): no entrance again. */
  continues: boolean;
}

export interface Painter<L extends SceneLayer> {
  prepare: (ctx: CanvasRenderingContext2D, layer: L, context: PrepareContext) => Drawing;
  /** What stays the same thing on air across changes (a title's id); the whole layer by default. */
  identity?: (layer: L) => string;
  describe?: (layer: L) => LayerDescription;
}

export type Painters = { [K in SceneLayerKind]: Painter<Extract<SceneLayer, { kind: K }>> };

/** Centred bold text, at most 90 % of the program's width. */
export function drawCentredText(
  ctx: CanvasRenderingContext2D,
  text: string,
  x: number,
  y: number,
  size: number,
  maxWidth: number,
) {
  ctx.fillStyle = PROGRAM_TEXT;
  ctx.font = `700 ${Math.round(size)}px ${PROGRAM_FONT}`;
  ctx.textAlign = "center";
  ctx.textBaseline = "middle";
  ctx.fillText(text, x, y, maxWidth);
}

/** A still layer: drawn the same every frame. */
export function still(draw: (ctx: CanvasRenderingContext2D, frame: Frame) => void): Drawing {
  return {
    draw: (ctx, frame) => {
      draw(ctx, frame);
      return false;
    },
  };
}

/** An image the painters draw once it has loaded (same-origin or CORS-enabled: the canvas stays readable). */
export function loadImage(url: string, onLoad: () => void): HTMLImageElement {
  const image = new Image();
  image.crossOrigin = "anonymous";
  image.decoding = "async";
  image.addEventListener("load", onLoad, { once: true });
  image.src = url;
  return image;
}

export function isDrawable(image: HTMLImageElement): boolean {
  return image.complete && image.naturalWidth > 0;
}
