import type { QaStageCard } from "../questions/stage";
import { stageLayout, type TileRect } from "../stage/layout";
import type { Brand } from "../studio/brand";

// Issue 24 §1.1, DESIGN.md "The program scene": one description of the picture, layer by layer in
// drawing order, built by programScene from the session's state. The stage people on stage see, the
// program feed HLS viewers get and the recording all draw this list, each layer kind by one painter, so
// they cannot disagree. A studio feature adds one layer kind here and one painter on the web.

export const PROGRAM_WIDTH = 1280;
export const PROGRAM_HEIGHT = 720;

/** Where a lower third goes: the bottom, or the top while the question card holds the bottom. */
export type TitlePlacement = "bottom" | "top";

/** Spec 3 §4: the title overlay on air (a custom element of type title; its value is the subtitle). */
export interface SceneTitle {
  id: number;
  title: string;
  subtitle: string;
}

/** One picture on the stage: a person's camera, or their screen share in a tile of its own. */
export interface SceneTileSource {
  userId: number;
  /** The person's full name. */
  name: string;
  isScreen: boolean;
  /** The camera is off: the tile shows the name on a card (a screen share always has a picture). */
  videoMuted: boolean;
}

export interface SceneTile {
  /** Stable while the person (or their screen) stays on stage: painters and the DOM key on it. */
  key: string;
  userId: number;
  isScreen: boolean;
  /** What the tile's name bar reads. */
  label: string;
  hasVideo: boolean;
  rect: TileRect;
}

/** Spec 3 §4: the page of the file presentation on air. */
export interface SceneSlide {
  /** The page's image. */
  url: string;
  /** From 1, for the description. */
  page: number;
  pageCount: number;
}

/** Issue 25 §2: the shared video on air, and where its picture is (every page plays it in step). */
export interface SceneVideo {
  id: number;
  url: string;
  durationMs: number;
  state: { status: "playing" | "paused"; position: number; updatedAt: string };
}

export type SceneLayer =
  /** The brand colour, and the brand's background image over it (cover-fit). */
  | { kind: "background"; color: string; imageUrl: string | null }
  /** The slide's page, contain-fit in `rect` (the picture's main area; the people beside it). */
  | { kind: "slide"; slide: SceneSlide; rect: TileRect }
  /** The shared video, contain-fit in the same main area (it takes it over a slide). */
  | { kind: "video"; video: SceneVideo; rect: TileRect }
  /** Nobody on stage: the event's title, centred. */
  | { kind: "slate"; text: string }
  | { kind: "tiles"; tiles: SceneTile[]; nameBarHeight: number }
  /** The brand's logo in the top right corner. */
  | { kind: "logo"; url: string }
  | { kind: "title"; title: SceneTitle; accent: string; placement: TitlePlacement }
  | { kind: "question"; card: QaStageCard; accent: string };

export type SceneLayerKind = SceneLayer["kind"];

/** What the picture is made of, as the session's state and the media room tell it. */
export interface SceneInput {
  /** The event's title, on the slate when nobody is on stage. */
  slateText: string;
  /** Spec 3 §3: colour, logo, background. */
  brand: Brand;
  /** In stage order: each person's camera, then their screen share right after it. */
  tiles: readonly SceneTileSource[];
  /** Spec 3 §4: the title overlay shown, if any. */
  title: SceneTitle | null;
  /** Issue 12: the question the team answered onto the stage. */
  question: QaStageCard | null;
  /** Issue 25 §1: the page of the presentation on air, if any. */
  slide?: SceneSlide | null;
  /** Issue 25 §2: the shared video on air, if any. */
  video?: SceneVideo | null;
}

/** With a slide or a video on air, it takes this share of the picture's width; the people stand in the rest. */
export const SLIDE_AREA_SHARE = 0.75;
const SLIDE_MARGIN = 16;

/** Where the slide goes, and the frame the tiles are laid out in beside it (none when nobody is on stage). */
function slideLayout(hasTiles: boolean): { slide: TileRect; tiles: TileRect } {
  const slideWidth = hasTiles ? Math.round(PROGRAM_WIDTH * SLIDE_AREA_SHARE) : PROGRAM_WIDTH;
  return {
    slide: {
      x: SLIDE_MARGIN,
      y: SLIDE_MARGIN,
      width: slideWidth - 2 * SLIDE_MARGIN,
      height: PROGRAM_HEIGHT - 2 * SLIDE_MARGIN,
    },
    tiles: { x: slideWidth, y: 0, width: PROGRAM_WIDTH - slideWidth, height: PROGRAM_HEIGHT },
  };
}

/** The key of a tile: a person's camera or their screen. */
export function sceneTileKey(source: Pick<SceneTileSource, "userId" | "isScreen">): string {
  return `${source.isScreen ? "screen" : "camera"}:${source.userId}`;
}

export function sceneTileLabel(source: Pick<SceneTileSource, "name" | "isScreen">): string {
  return source.isScreen ? `${source.name}'s screen` : source.name;
}

/** The program picture's layers, bottom first, at PROGRAM_WIDTH x PROGRAM_HEIGHT. */
export function programScene(input: SceneInput): SceneLayer[] {
  const { brand, title, question, slide, video } = input;
  const layers: SceneLayer[] = [{ kind: "background", color: brand.color, imageUrl: brand.backgroundUrl }];
  const split = slide || video ? slideLayout(input.tiles.length > 0) : null;
  if (video && split) layers.push({ kind: "video", video, rect: split.slide });
  else if (slide && split) layers.push({ kind: "slide", slide, rect: split.slide });
  const frame = split?.tiles ?? { x: 0, y: 0, width: PROGRAM_WIDTH, height: PROGRAM_HEIGHT };
  const layout = stageLayout(input.tiles.length, frame.width, frame.height);
  if (layout.tiles.length === 0) {
    if (!split) layers.push({ kind: "slate", text: input.slateText });
  } else {
    const tiles = input.tiles.map((source, i) => {
      // stageLayout gives one rectangle per tile.
      const rect = layout.tiles[i] as TileRect;
      return {
        key: sceneTileKey(source),
        userId: source.userId,
        isScreen: source.isScreen,
        label: sceneTileLabel(source),
        hasVideo: source.isScreen || !source.videoMuted,
        rect: { ...rect, x: rect.x + frame.x, y: rect.y + frame.y },
      };
    });
    layers.push({ kind: "tiles", tiles, nameBarHeight: layout.nameBarHeight });
  }
  if (brand.logoUrl) layers.push({ kind: "logo", url: brand.logoUrl });
  if (title) {
    const placement = question ? "top" : "bottom";
    layers.push({ kind: "title", title, accent: brand.color, placement });
  }
  if (question) layers.push({ kind: "question", card: question, accent: brand.color });
  return layers;
}

/** The layer of one kind in a scene (each kind appears at most once). */
export function sceneLayer<K extends SceneLayerKind>(
  layers: readonly SceneLayer[],
  kind: K,
): Extract<SceneLayer, { kind: K }> | undefined {
  return layers.find((layer): layer is Extract<SceneLayer, { kind: K }> => layer.kind === kind);
}
