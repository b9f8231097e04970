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
  /** Where a layer's box is drawn once and copied every frame; null: draw it every time. */
  surface: Surface | null;
}

/**
 * A blank canvas of a box's size in program pixels (null where there is none). An opaque box (every pixel
 * painted) has no alpha, so copying it blends nothing.
 */
export type Surface = (width: number, height: number, opaque: boolean) => CanvasRenderingContext2D | null;

/** A canvas element per box: the program feed's surface (it draws at program scale, 30 times a second). */
export const canvasSurface: Surface = (width, height, opaque) => {
  const canvas = document.createElement("canvas");
  canvas.width = width;
  canvas.height = height;
  return canvas.getContext("2d", { alpha: !opaque });
};

export interface Box {
  x: number;
  y: number;
  width: number;
  height: number;
  /** Every pixel of the box is painted (no transparency to keep). */
  opaque?: boolean;
}

/** Draws a box's content with its top left corner at `at`. */
export type BoxRender = (ctx: CanvasRenderingContext2D, at: { x: number; y: number }) => void;

/**
 * A layer's box drawn every frame, `shiftX` pixels to the right. With a surface it is rendered once and
 * copied: text and scaled images are what a software-rendered canvas pays for at 30 fps, a copy at whole
 * pixels costs little (bench:studio). Without one (the stage draws only on change, at its own scale, where
 * a program-sized copy would blur) it is drawn each time.
 */
export function boxDrawer(box: Box, render: BoxRender, surface: Surface | null) {
  const at = { x: Math.round(box.x), y: Math.round(box.y) };
  let made: CanvasRenderingContext2D | null | undefined;
  return (ctx: CanvasRenderingContext2D, shiftX = 0) => {
    if (made === undefined) {
      made = surface?.(Math.ceil(box.width), Math.ceil(box.height), box.opaque === true) ?? null;
      if (made) render(made, { x: 0, y: 0 });
    }
    if (!made) {
      render(ctx, { x: box.x + shiftX, y: box.y });
      return;
    }
    ctx.drawImage(made.canvas, at.x + Math.round(shiftX), at.y);
  };
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
