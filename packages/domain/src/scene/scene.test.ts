import { describe, expect, it } from "vitest";
import { stageLayout } from "../stage/layout";
import { DEFAULT_BRAND } from "../studio/brand";
import {
  PROGRAM_HEIGHT,
  PROGRAM_WIDTH,
  programScene,
  type SceneInput,
  type SceneTileSource,
  sceneLayer,
} from "./scene";

const ann: SceneTileSource = { userId: 1, name: "Ann Lee", isScreen: false, videoMuted: false };
const annScreen: SceneTileSource = { ...ann, isScreen: true };
const bob: SceneTileSource = { userId: 2, name: "Bob Ray", isScreen: false, videoMuted: true };
const card = { questionId: 7, text: "Why?", askedBy: "asked by Cy" };
const lowerThird = { id: 3, title: "Ada Lovelace", subtitle: "Analyst" };
const brand = { color: "#112233", logoUrl: "/files/logo.png", backgroundUrl: "/files/bg.jpg" };

const clip = {
  id: 4,
  url: "/files/video.mp4",
  durationMs: 5000,
  state: { status: "playing" as const, position: 1, updatedAt: "2030-01-01T12:00:00.000Z" },
};
const page2 = { url: "/files/deck/page-002.png", page: 2, pageCount: 3 };

const input = (over: Partial<SceneInput> = {}): SceneInput => ({
  slateText: "Demo Day",
  brand: DEFAULT_BRAND,
  tiles: [],
  title: null,
  question: null,
  ...over,
});

describe("programScene", () => {
  it.each([
    ["nobody on stage", input(), ["background", "slate"]],
    ["two on stage", input({ tiles: [ann, bob] }), ["background", "tiles"]],
    ["a question on stage", input({ tiles: [ann], question: card }), ["background", "tiles", "question"]],
    ["a question and nobody on stage", input({ question: card }), ["background", "slate", "question"]],
    [
      "the whole studio on air",
      input({ tiles: [ann], brand, title: lowerThird, question: card }),
      ["background", "tiles", "logo", "title", "question"],
    ],
    ["a brand without a logo", input({ brand: { ...brand, logoUrl: null } }), ["background", "slate"]],
    ["a slide and nobody on stage", input({ slide: page2 }), ["background", "slide"]],
    [
      "a video takes the main area over a slide",
      input({ tiles: [ann], slide: page2, video: clip }),
      ["background", "video", "tiles"],
    ],
    [
      "a slide beside the people, under the title",
      input({ tiles: [ann], slide: page2, title: lowerThird }),
      ["background", "slide", "tiles", "title"],
    ],
  ])("%s: layers in drawing order", (_, given, kinds) => {
    expect(programScene(given).map((layer) => layer.kind)).toEqual(kinds);
  });

  it("paints the background, the title's and the question's accents in the brand's colour", () => {
    const layers = programScene(input({ brand, title: lowerThird, question: card }));
    expect(sceneLayer(layers, "background")).toEqual({
      kind: "background",
      color: "#112233",
      imageUrl: "/files/bg.jpg",
    });
    expect(sceneLayer(layers, "logo")).toEqual({ kind: "logo", url: "/files/logo.png" });
    expect(sceneLayer(layers, "question")).toEqual({ kind: "question", card, accent: "#112233" });
    expect(sceneLayer(layers, "title")?.accent).toBe("#112233");
  });

  it.each([
    [null, "bottom"],
    [card, "top"],
  ] as const)("with question %j the lower third goes to the %s", (question, placement) => {
    const layers = programScene(input({ title: lowerThird, question }));
    expect(sceneLayer(layers, "title")).toEqual({
      kind: "title",
      title: lowerThird,
      accent: DEFAULT_BRAND.color,
      placement,
    });
  });

  it("puts the slate's text on the slate", () => {
    expect(sceneLayer(programScene(input()), "slate")).toEqual({ kind: "slate", text: "Demo Day" });
  });

  it("places the tiles where stageLayout puts them on the program frame, each with its label", () => {
    const tiles = sceneLayer(programScene(input({ tiles: [ann, annScreen, bob] })), "tiles");
    const layout = stageLayout(3, PROGRAM_WIDTH, PROGRAM_HEIGHT);
    expect(tiles?.nameBarHeight).toBe(layout.nameBarHeight);
    expect(tiles?.tiles).toEqual([
      {
        key: "camera:1",
        userId: 1,
        isScreen: false,
        label: "Ann Lee",
        hasVideo: true,
        rect: layout.tiles[0],
      },
      {
        key: "screen:1",
        userId: 1,
        isScreen: true,
        label: "Ann Lee's screen",
        hasVideo: true,
        rect: layout.tiles[1],
      },
      {
        key: "camera:2",
        userId: 2,
        isScreen: false,
        label: "Bob Ray",
        hasVideo: false,
        rect: layout.tiles[2],
      },
    ]);
  });

  it("a slide takes the frame alone, or three quarters of it with the people in the last quarter", () => {
    const alone = sceneLayer(programScene(input({ slide: page2 })), "slide");
    expect(alone?.rect).toEqual({ x: 16, y: 16, width: PROGRAM_WIDTH - 32, height: PROGRAM_HEIGHT - 32 });
    const layers = programScene(input({ tiles: [ann, bob], slide: page2 }));
    expect(sceneLayer(layers, "slide")?.rect).toEqual({
      x: 16,
      y: 16,
      width: 960 - 32,
      height: PROGRAM_HEIGHT - 32,
    });
    const column = stageLayout(2, PROGRAM_WIDTH - 960, PROGRAM_HEIGHT);
    expect(sceneLayer(layers, "tiles")?.tiles.map((t) => t.rect)).toEqual(
      column.tiles.map((r) => ({ ...r, x: r.x + 960 })),
    );
  });

  it("keeps a screen share's picture when its owner turns the camera off", () => {
    const tiles = sceneLayer(programScene(input({ tiles: [{ ...annScreen, videoMuted: true }] })), "tiles");
    expect(tiles?.tiles[0]?.hasVideo).toBe(true);
  });
});
