import { stageLayout } from "@onstage/domain";
import { coverCrop } from "./programTiles";

export const PROGRAM_WIDTH = 1280;
export const PROGRAM_HEIGHT = 720;

export interface ProgramBrand {
  /** CSS colour of the background around the tiles. */
  color: string;
  /** Shown when nobody is on stage. */
  title: string;
}

export interface DrawnTile {
  name: string;
  /** null or not yet playing: the tile shows the name on a dark card. */
  video: HTMLVideoElement | null;
}

const TILE_BACKGROUND = "#1f2937";
const NAME_BAR = "rgba(0, 0, 0, 0.6)";
const TEXT = "#ffffff";
export const PROGRAM_FONT = "system-ui, sans-serif";

/** One program frame: brand background, tiles at the DOM stage's positions, a name bar on each. */
export function drawProgramFrame(
  ctx: CanvasRenderingContext2D,
  tiles: readonly DrawnTile[],
  brand: ProgramBrand,
) {
  ctx.fillStyle = brand.color;
  ctx.fillRect(0, 0, PROGRAM_WIDTH, PROGRAM_HEIGHT);
  if (tiles.length === 0) {
    drawText(ctx, brand.title, PROGRAM_WIDTH / 2, PROGRAM_HEIGHT / 2, 48);
    return;
  }
  const layout = stageLayout(tiles.length, PROGRAM_WIDTH, PROGRAM_HEIGHT);
  tiles.forEach((tile, i) => {
    const rect = layout.tiles[i];
    if (!rect) return;
    const { video } = tile;
    if (video && video.readyState >= video.HAVE_CURRENT_DATA && video.videoWidth > 0) {
      const crop = coverCrop(video.videoWidth, video.videoHeight, rect.width, rect.height);
      ctx.drawImage(video, crop.sx, crop.sy, crop.sw, crop.sh, rect.x, rect.y, rect.width, rect.height);
    } else {
      ctx.fillStyle = TILE_BACKGROUND;
      ctx.fillRect(rect.x, rect.y, rect.width, rect.height);
      drawText(ctx, tile.name, rect.x + rect.width / 2, rect.y + rect.height / 2, rect.height / 8);
    }
    const barY = rect.y + rect.height - layout.nameBarHeight;
    ctx.fillStyle = NAME_BAR;
    ctx.fillRect(rect.x, barY, rect.width, layout.nameBarHeight);
    ctx.save();
    ctx.beginPath();
    ctx.rect(rect.x, barY, rect.width, layout.nameBarHeight);
    ctx.clip();
    ctx.fillStyle = TEXT;
    ctx.font = `600 ${Math.round(layout.nameBarHeight * 0.6)}px ${PROGRAM_FONT}`;
    ctx.textAlign = "left";
    ctx.textBaseline = "middle";
    ctx.fillText(tile.name, rect.x + layout.nameBarHeight * 0.4, barY + layout.nameBarHeight / 2);
    ctx.restore();
  });
}

function drawText(ctx: CanvasRenderingContext2D, text: string, x: number, y: number, size: number) {
  ctx.fillStyle = TEXT;
  ctx.font = `700 ${Math.round(size)}px ${PROGRAM_FONT}`;
  ctx.textAlign = "center";
  ctx.textBaseline = "middle";
  ctx.fillText(text, x, y, PROGRAM_WIDTH * 0.9);
}
