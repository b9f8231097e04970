import { DEFAULT_BRAND, programScene, type SceneInput } from "@onstage/domain";
import { describe, expect, test } from "vitest";
import { TITLE_SLIDE_MS } from "./painters/title";
import { describeLayers, ScenePainter } from "./scenePainter";

/** A 2D context that records what is drawn: text with its x, and every measure (one per layout). */
function recordingContext() {
  const texts: { text: string; x: number }[] = [];
  let measures = 0;
  const ctx = new Proxy(
    {
      fillText: (text: string, x: number) => texts.push({ text, x }),
      measureText: (text: string) => {
        measures += 1;
        return { width: text.length * 15 };
      },
    } as Record<string, unknown>,
    { get: (target, name) => (name in target ? target[name as string] : () => {}), set: () => true },
  ) as unknown as CanvasRenderingContext2D;
  return { ctx, texts, measures: () => measures };
}

const frame = (now: number) => ({ now, video: () => null });
const scene = (over: Partial<SceneInput> = {}) =>
  programScene({
    slateText: "Demo Day",
    brand: DEFAULT_BRAND,
    tiles: [],
    title: null,
    question: null,
    ...over,
  });
const ada = { id: 1, title: "Ada Lovelace", subtitle: "Analyst" };

describe("ScenePainter", () => {
  test("draws every layer, bottom first", () => {
    const { ctx, texts } = recordingContext();
    const painter = new ScenePainter(ctx);
    painter.setLayers(scene({ question: { questionId: 1, text: "Why?", askedBy: "asked by Cy" } }), 0);
    painter.draw(frame(0));
    expect(texts.map((t) => t.text)).toEqual(["Demo Day", "Why?", "asked by Cy"]);
  });

  test("lays a layer out once: the same scene again measures nothing", () => {
    const { ctx, measures } = recordingContext();
    const painter = new ScenePainter(ctx);
    painter.setLayers(scene({ title: ada }), 0);
    const once = measures();
    painter.setLayers(scene({ title: ada }), 10);
    painter.draw(frame(20));
    expect(once).toBeGreaterThan(0);
    expect(measures()).toBe(once);
  });

  test("a title slides in from the left, then stands still", () => {
    const { ctx, texts } = recordingContext();
    const painter = new ScenePainter(ctx);
    painter.setLayers(scene({ title: ada }), 0);
    const xAt = (now: number) => {
      texts.length = 0;
      const animating = painter.draw(frame(now));
      return { x: texts.find((t) => t.text === "Ada Lovelace")?.x, animating };
    };
    const first = xAt(1_000);
    const middle = xAt(1_000 + TITLE_SLIDE_MS / 2);
    const end = xAt(1_000 + TITLE_SLIDE_MS);
    expect(first.x).toBeLessThan(0);
    expect(middle.x).toBeGreaterThan(first.x ?? 0);
    expect(middle.animating).toBe(true);
    expect(end).toEqual({ x: expect.any(Number), animating: false });
    expect(end.x).toBeGreaterThan(0);
  });

  test("a hidden title slides out, then is gone", () => {
    const { ctx, texts } = recordingContext();
    const painter = new ScenePainter(ctx);
    painter.setLayers(scene({ title: ada }), 0);
    painter.draw(frame(0));
    painter.draw(frame(TITLE_SLIDE_MS));
    painter.setLayers(scene(), 2_000);
    texts.length = 0;
    expect(painter.draw(frame(2_000 + TITLE_SLIDE_MS / 2))).toBe(true);
    expect(texts.map((t) => t.text)).toContain("Ada Lovelace");
    texts.length = 0;
    expect(painter.draw(frame(2_000 + TITLE_SLIDE_MS))).toBe(false);
    expect(texts.map((t) => t.text)).not.toContain("Ada Lovelace");
  });

  test("a title that moves (a question arrived) or changes colour stays on air: no slide in again", () => {
    const { ctx, texts } = recordingContext();
    const painter = new ScenePainter(ctx);
    painter.setLayers(scene({ title: ada }), 0);
    painter.draw(frame(0));
    painter.draw(frame(TITLE_SLIDE_MS));
    painter.setLayers(scene({ title: ada, brand: { ...DEFAULT_BRAND, color: "#112233" } }), 2_000);
    texts.length = 0;
    expect(painter.draw(frame(2_000))).toBe(false);
    expect(texts.filter((t) => t.text === "Ada Lovelace")).toHaveLength(1);
    expect(texts.find((t) => t.text === "Ada Lovelace")?.x).toBeGreaterThan(0);
  });
});

describe("ScenePainter with a surface (the program feed, drawn 30 times a second)", () => {
  /** A target that records copies (drawImage's x), and a surface whose boxes record their text. */
  function surfaced() {
    const copies: number[] = [];
    const target = recordingContext();
    const boxes: ReturnType<typeof recordingContext>[] = [];
    const ctx = new Proxy(target.ctx, {
      get: (inner, name) =>
        name === "drawImage"
          ? (_source: unknown, x: number) => copies.push(x)
          : Reflect.get(inner, name as string),
    });
    const surface = () => {
      const box = recordingContext();
      boxes.push(box);
      return box.ctx;
    };
    const painter = new ScenePainter(ctx, { surface });
    const textsInBoxes = () => boxes.flatMap((b) => b.texts.map((t) => t.text));
    return { painter, copies, textsInBoxes, textsOnTarget: target.texts };
  }

  test("a title and a question are drawn once, then copied every frame", () => {
    const { painter, copies, textsInBoxes, textsOnTarget } = surfaced();
    painter.setLayers(
      scene({ title: ada, question: { questionId: 1, text: "Why?", askedBy: "asked by Cy" } }),
      0,
    );
    for (let now = 0; now <= 3 * TITLE_SLIDE_MS; now += 100) painter.draw(frame(now));
    expect(textsInBoxes()).toEqual(["Ada Lovelace", "Analyst", "Why?", "asked by Cy"]);
    // The slate is drawn on the target (nobody on stage); the boxes only as copies.
    expect(textsOnTarget.map((t) => t.text)).toEqual(Array(16).fill("Demo Day"));
    expect(copies).toHaveLength(2 * 16);
  });

  test("the title's copy slides in at whole pixels, then stands still", () => {
    const { painter, copies } = surfaced();
    painter.setLayers(scene({ title: ada }), 0);
    const xAt = (now: number) => {
      copies.length = 0;
      painter.draw(frame(now));
      return copies[0] ?? Number.NaN;
    };
    const [first, middle, end, later] = [0, TITLE_SLIDE_MS / 2, TITLE_SLIDE_MS, 2 * TITLE_SLIDE_MS].map(xAt);
    expect(first).toBeLessThan(0);
    expect(middle).toBeGreaterThan(first ?? 0);
    expect(Number.isInteger(middle)).toBe(true);
    expect(end).toBe(later);
    expect(end).toBeGreaterThan(0);
  });
});

describe("describeLayers: the stage's text for screen readers", () => {
  test.each([
    ["nothing on air", scene(), []],
    [
      "a title and a question",
      scene({ title: ada, question: { questionId: 1, text: "Why?", askedBy: "asked by Cy" } }),
      [
        { label: "Title on stage", lines: ["Ada Lovelace", "Analyst"] },
        { label: "Question on stage", lines: ["Why?", "asked by Cy"] },
      ],
    ],
    [
      "a title without a subtitle",
      scene({ title: { ...ada, subtitle: "" } }),
      [{ label: "Title on stage", lines: ["Ada Lovelace"] }],
    ],
  ])("%s", (_, layers, descriptions) => {
    expect(describeLayers(layers)).toEqual(descriptions);
  });
});
