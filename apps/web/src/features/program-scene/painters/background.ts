import { PROGRAM_HEIGHT, PROGRAM_WIDTH, type SceneLayer } from "@onstage/domain";
import { boxDrawer, isDrawable, loadImage, type Painter, still } from "../painter";
import { coverCrop } from "./tiles";

/** The brand colour behind everything, and the brand's background image over it, cover-fit. */
export const background: Painter<Extract<SceneLayer, { kind: "background" }>> = {
  prepare: (_ctx, layer, { redraw, surface }) => {
    const image = layer.imageUrl ? loadImage(layer.imageUrl, redraw) : null;
    const frame = { x: 0, y: 0, width: PROGRAM_WIDTH, height: PROGRAM_HEIGHT, opaque: true };
    // The image is scaled once into the frame's size, not 30 times a second.
    const drawImage = boxDrawer(
      frame,
      (c) => {
        c.fillStyle = layer.color;
        c.fillRect(0, 0, PROGRAM_WIDTH, PROGRAM_HEIGHT);
        if (!image) return;
        const crop = coverCrop(image.naturalWidth, image.naturalHeight, PROGRAM_WIDTH, PROGRAM_HEIGHT);
        c.drawImage(image, crop.sx, crop.sy, crop.sw, crop.sh, 0, 0, PROGRAM_WIDTH, PROGRAM_HEIGHT);
      },
      surface,
    );
    return still((ctx) => {
      if (image && isDrawable(image)) return drawImage(ctx);
      ctx.fillStyle = layer.color;
      ctx.fillRect(0, 0, PROGRAM_WIDTH, PROGRAM_HEIGHT);
    });
  },
};
