import { PROGRAM_HEIGHT, PROGRAM_WIDTH, type SceneLayer } from "@onstage/domain";
import { isDrawable, loadImage, type Painter, still } from "../painter";
import { coverCrop } from "./tiles";

/** The brand colour behind everything, and the brand's background image over it, cover-fit. */
export const background: Painter<Extract<SceneLayer, { kind: "background" }>> = {
  prepare: (_ctx, layer, { redraw }) => {
    const image = layer.imageUrl ? loadImage(layer.imageUrl, redraw) : null;
    return still((ctx) => {
      ctx.fillStyle = layer.color;
      ctx.fillRect(0, 0, PROGRAM_WIDTH, PROGRAM_HEIGHT);
      if (!image || !isDrawable(image)) return;
      const crop = coverCrop(image.naturalWidth, image.naturalHeight, PROGRAM_WIDTH, PROGRAM_HEIGHT);
      ctx.drawImage(image, crop.sx, crop.sy, crop.sw, crop.sh, 0, 0, PROGRAM_WIDTH, PROGRAM_HEIGHT);
    });
  },
};
