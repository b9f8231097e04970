import { stageLayout } from "@onstage/domain";
import { coverCrop } from "../src/features/program-scene/painters/tiles";

// bench/latency.bench.ts: a wall-clock time drawn as big digits (for people) and as a row of black and
// white blocks (for the viewer's decoder), read back from the video frame the viewer shows.

export const CLOCK_WIDTH = 1280;
export const CLOCK_HEIGHT = 720;
const BITS = 44; // epoch milliseconds fit in 41 bits until the year 2039; 44 leave room.
const COLUMNS = 22;
const BLOCK = 50;
const LEFT = (CLOCK_WIDTH - COLUMNS * BLOCK) / 2;
const TOP = 420;

function blockCentre(bit: number): { x: number; y: number } {
  return {
    x: LEFT + (bit % COLUMNS) * BLOCK + BLOCK / 2,
    y: TOP + Math.floor(bit / COLUMNS) * BLOCK + BLOCK / 2,
  };
}

/** Draws `ms` on a CLOCK_WIDTH x CLOCK_HEIGHT canvas. */
export function drawClock(ctx: CanvasRenderingContext2D, ms: number) {
  ctx.fillStyle = "#808080";
  ctx.fillRect(0, 0, CLOCK_WIDTH, CLOCK_HEIGHT);
  ctx.fillStyle = "#000";
  ctx.font = "700 96px monospace";
  ctx.textAlign = "center";
  ctx.fillText(String(ms), CLOCK_WIDTH / 2, 250);
  for (let bit = 0; bit < BITS; bit++) {
    const { x, y } = blockCentre(bit);
    ctx.fillStyle = Math.floor(ms / 2 ** bit) % 2 === 1 ? "#fff" : "#000";
    ctx.fillRect(x - BLOCK / 2, y - BLOCK / 2, BLOCK, BLOCK);
  }
}

/**
 * Reads the time back from a program frame (PROGRAM 1280x720) in which the clock is the only
 * participant: its tile sits where stageLayout puts one tile, cover-fitted.
 */
export function readClock(frame: ImageData): number {
  const tile = stageLayout(1, frame.width, frame.height).tiles[0];
  if (!tile) return Number.NaN;
  const crop = coverCrop(CLOCK_WIDTH, CLOCK_HEIGHT, tile.width, tile.height);
  const scale = tile.width / crop.sw;
  let ms = 0;
  for (let bit = 0; bit < BITS; bit++) {
    const centre = blockCentre(bit);
    const x = Math.round(tile.x + (centre.x - crop.sx) * scale);
    const y = Math.round(tile.y + (centre.y - crop.sy) * scale);
    const luma = frame.data[(y * frame.width + x) * 4 + 1] ?? 0;
    if (luma > 128) ms += 2 ** bit;
  }
  return ms;
}
