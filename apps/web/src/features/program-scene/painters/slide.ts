import type { SceneLayer, TileRect } from "@onstage/domain";
import { boxDrawer, isDrawable, loadImage, type Painter, still } from "../painter";

/** Contain-fit: the largest `width` x `height` picture that fits in `box`, centred in it. */
export function containRect(width: number, height: number, box: TileRect): TileRect {
  const scale = Math.min(box.width / width, box.height / height);
  const w = width * scale;
  const h = height * scale;
  return { x: box.x + (box.width - w) / 2, y: box.y + (box.height - h) / 2, width: w, height: h };
}

/** Spec 3 §4: the presentation's page, whole, in the slide's area (scaled once: decks are still). */
export const slide: Painter<Extract<SceneLayer, { kind: "slide" }>> = {
  prepare: (_ctx, layer, { redraw, surface }) => {
    const image = loadImage(layer.slide.url, redraw);
    let drawBox: ReturnType<typeof boxDrawer> | null = null;
    return still((ctx) => {
      if (!isDrawable(image)) return;
      drawBox ??= boxDrawer(
        containRect(image.naturalWidth, image.naturalHeight, layer.rect),
        (c, at) => {
          const fit = containRect(image.naturalWidth, image.naturalHeight, layer.rect);
          c.drawImage(image, at.x, at.y, fit.width, fit.height);
        },
        surface,
      );
      drawBox(ctx);
    });
  },
  describe: (layer) => ({
    label: "Slide",
    lines: [`Page ${layer.slide.page} of ${layer.slide.pageCount}`],
  }),
};
