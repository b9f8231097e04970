import type { SceneLayer, SceneTile } from "@onstage/domain";
import { drawCentredText, type Frame, type Painter, PROGRAM_FONT, PROGRAM_TEXT, still } from "../painter";

const TILE_CARD = "#1f2937";
const NAME_BAR = "rgba(0, 0, 0, 0.6)";

export interface SourceCrop {
  sx: number;
  sy: number;
  sw: number;
  sh: number;
}

/** Cover-fit: the centred part of a `width` x `height` source with the tile's aspect ratio. */
export function coverCrop(width: number, height: number, tileWidth: number, tileHeight: number): SourceCrop {
  const scale = Math.max(tileWidth / width, tileHeight / height);
  const sw = tileWidth / scale;
  const sh = tileHeight / scale;
  return { sx: (width - sw) / 2, sy: (height - sh) / 2, sw, sh };
}

/** Each tile's picture (or its name on a card), with a name bar along its bottom. */
export const tiles: Painter<Extract<SceneLayer, { kind: "tiles" }>> = {
  prepare: (_ctx, layer) =>
    still((ctx, frame) => {
      for (const tile of layer.tiles) {
        drawPicture(ctx, tile, frame);
        drawNameBar(ctx, tile, layer.nameBarHeight);
      }
    }),
};

function drawPicture(ctx: CanvasRenderingContext2D, tile: SceneTile, frame: Frame) {
  const { rect } = tile;
  const video = tile.hasVideo ? frame.video(tile.key) : null;
  // The stage's own <video> shows through the canvas there.
  if (video === "beneath") return;
  if (video && video.readyState >= video.HAVE_CURRENT_DATA && video.videoWidth > 0) {
    const crop = coverCrop(video.videoWidth, video.videoHeight, rect.width, rect.height);
    ctx.drawImage(video, crop.sx, crop.sy, crop.sw, crop.sh, rect.x, rect.y, rect.width, rect.height);
    return;
  }
  ctx.fillStyle = TILE_CARD;
  ctx.fillRect(rect.x, rect.y, rect.width, rect.height);
  const middle = rect.y + rect.height / 2;
  drawCentredText(ctx, tile.label, rect.x + rect.width / 2, middle, rect.height / 8, rect.width * 0.9);
}

function drawNameBar(ctx: CanvasRenderingContext2D, tile: SceneTile, height: number) {
  const { rect } = tile;
  const top = rect.y + rect.height - height;
  ctx.fillStyle = NAME_BAR;
  ctx.fillRect(rect.x, top, rect.width, height);
  ctx.save();
  ctx.beginPath();
  ctx.rect(rect.x, top, rect.width, height);
  ctx.clip();
  ctx.fillStyle = PROGRAM_TEXT;
  ctx.font = `600 ${Math.round(height * 0.6)}px ${PROGRAM_FONT}`;
  ctx.textAlign = "left";
  ctx.textBaseline = "middle";
  ctx.fillText(tile.label, rect.x + height * 0.4, top + height / 2);
  ctx.restore();
}
