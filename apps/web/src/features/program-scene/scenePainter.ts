import type { SceneLayer } from "@onstage/domain";
import type { Drawing, Frame, LayerDescription, Painter, Surface } from "./painter";
import { PAINTERS } from "./painters";

interface Prepared {
  /** The layer as JSON: a layer that did not change keeps its drawing (and its text layout). */
  key: string;
  kind: SceneLayer["kind"];
  /** Same identity, same thing on air (a title re-laid out for a new colour does not slide in again). */
  identity: string;
  drawing: Drawing;
  /** Left the scene: drawn until then, as it animates out. */
  goneAt?: number;
}

function painterOf(layer: SceneLayer): Painter<SceneLayer> {
  // The table is keyed by kind: the painter matches the layer it is picked for.
  return PAINTERS[layer.kind] as Painter<SceneLayer>;
}

/**
 * Draws a scene's layers on one canvas, bottom first. Layers are prepared when they change, never per
 * frame, so a program at 30 fps only draws; a layer that leaves may animate out first.
 */
export class ScenePainter {
  private prepared: Prepared[] = [];

  /**
   * `redraw`: a layer has something new to show (an image loaded) before the scene changes again.
   * `surface`: where still boxes are drawn once, for a canvas drawn every frame (painter.ts boxDrawer).
   */
  constructor(
    private readonly ctx: CanvasRenderingContext2D,
    private readonly options: { redraw?: () => void; surface?: Surface } = {},
  ) {}

  setLayers(layers: readonly SceneLayer[], now: number): void {
    const before = new Map(this.prepared.filter((p) => p.goneAt === undefined).map((p) => [p.key, p]));
    const next = layers.map((layer): Prepared => {
      const key = JSON.stringify(layer);
      const kept = before.get(key);
      if (kept) {
        before.delete(key);
        return kept;
      }
      const painter = painterOf(layer);
      const identity = painter.identity?.(layer) ?? key;
      const previous = [...before.values()].find((p) => p.kind === layer.kind && p.identity === identity);
      if (previous) before.delete(previous.key);
      const drawing = painter.prepare(this.ctx, layer, {
        redraw: this.options.redraw ?? (() => {}),
        continues: previous !== undefined,
        surface: this.options.surface ?? null,
      });
      return { key, kind: layer.kind, identity, drawing };
    });
    // What left (and was not replaced by itself) animates out where it was drawn.
    this.prepared.forEach((old, index) => {
      const leaving = old.goneAt !== undefined ? old : this.leave(old, before, now);
      if (leaving && (leaving.goneAt ?? 0) > now) next.splice(Math.min(index, next.length), 0, leaving);
    });
    this.prepared = next;
  }

  private leave(old: Prepared, left: Map<string, Prepared>, now: number): Prepared | null {
    if (!left.has(old.key) || !old.drawing.leave) return null;
    return { ...old, goneAt: now + old.drawing.leave(now) };
  }

  /** Draws every layer; true while one of them animates (draw again on the next frame). */
  draw(frame: Frame): boolean {
    let animating = false;
    this.prepared = this.prepared.filter((p) => p.goneAt === undefined || p.goneAt > frame.now);
    for (const { drawing } of this.prepared) animating = drawing.draw(this.ctx, frame) || animating;
    return animating;
  }
}

/** What the layers say to a screen reader, for the stage whose picture is a canvas. */
export function describeLayers(layers: readonly SceneLayer[]): LayerDescription[] {
  return layers.flatMap((layer) => painterOf(layer).describe?.(layer) ?? []);
}
