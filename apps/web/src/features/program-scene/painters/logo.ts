import { PROGRAM_WIDTH, type SceneLayer } from "@onstage/domain";
import { boxDrawer, isDrawable, loadImage, type Painter, still } from "../painter";

/** The box the logo fits in (keeping its shape), in the top right corner. */
export const LOGO_BOX = { width: 200, height: 100, margin: 32 } as const;

/** Where a `width` x `height` logo goes: as large as fits in LOGO_BOX, at its top right. */
export function logoRect(width: number, height: number) {
  const scale = Math.min(LOGO_BOX.width / width, LOGO_BOX.height / height);
  const w = width * scale;
  const h = height * scale;
  return { x: PROGRAM_WIDTH - LOGO_BOX.margin - w, y: LOGO_BOX.margin, width: w, height: h };
}

export const logo: Painter<Extract<SceneLayer, { kind: "logo" }>> = {
  prepare: (_ctx, layer, { redraw, surface }) => {
    const image = loadImage(layer.url, redraw);
    let drawBox: ReturnType<typeof boxDrawer> | null = null;
    return still((ctx) => {
      if (!isDrawable(image)) return;
      // Its place depends on its shape, known once it has loaded.
      drawBox ??= boxDrawer(
        logoRect(image.naturalWidth, image.naturalHeight),
        (c, at) => {
          const rect = logoRect(image.naturalWidth, image.naturalHeight);
          c.drawImage(image, at.x, at.y, rect.width, rect.height);
        },
        surface,
      );
      drawBox(ctx);
    });
  },
  describe: () => ({ label: "Logo", lines: ["The brand's logo"] }),
};
