// The stage's layout, shared by the DOM stage and the program feed's canvas so viewers see what the
// speakers see (issue 11 §3).

export interface TileRect {
  x: number;
  y: number;
  width: number;
  height: number;
}

export interface StageLayout {
  tiles: TileRect[];
  /** Height of the name bar drawn along the bottom of each tile. */
  nameBarHeight: number;
}

const GAP_RATIO = 0.01;
const TILE_ASPECT = 16 / 9;

/** Columns for `count` tiles: 1, 2 side by side, then the most square grid. */
export function stageColumns(count: number): number {
  if (count <= 1) return 1;
  if (count <= 4) return 2;
  if (count <= 9) return 3;
  return 4;
}

/**
 * `count` 16:9 tiles centred in a `width` x `height` frame in a grid whose last row is centred too.
 * Pure arithmetic, so the canvas and CSS positions agree to the pixel.
 */
export function stageLayout(count: number, width: number, height: number): StageLayout {
  if (count <= 0 || width <= 0 || height <= 0) return { tiles: [], nameBarHeight: 0 };
  const columns = stageColumns(count);
  const rows = Math.ceil(count / columns);
  const gap = Math.round(Math.min(width, height) * GAP_RATIO);
  const cellWidth = (width - gap * (columns + 1)) / columns;
  const cellHeight = (height - gap * (rows + 1)) / rows;
  const tileWidth = Math.min(cellWidth, cellHeight * TILE_ASPECT);
  const tileHeight = tileWidth / TILE_ASPECT;
  const gridHeight = rows * tileHeight + (rows - 1) * gap;
  const top = (height - gridHeight) / 2;
  const tiles: TileRect[] = [];
  for (let i = 0; i < count; i++) {
    const row = Math.floor(i / columns);
    const inRow = row === rows - 1 ? count - row * columns : columns;
    const rowWidth = inRow * tileWidth + (inRow - 1) * gap;
    const left = (width - rowWidth) / 2;
    tiles.push({
      x: Math.round(left + (i - row * columns) * (tileWidth + gap)),
      y: Math.round(top + row * (tileHeight + gap)),
      width: Math.round(tileWidth),
      height: Math.round(tileHeight),
    });
  }
  return { tiles, nameBarHeight: Math.max(16, Math.round(tileHeight * 0.1)) };
}
