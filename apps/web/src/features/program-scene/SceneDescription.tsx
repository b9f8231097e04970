import type { SceneLayer } from "@onstage/domain";
import { describeLayers } from "./scenePainter";

/** The text of the picture's layers for screen readers (and for finding them), where a canvas shows them. */
export function SceneDescription({ layers }: { layers: readonly SceneLayer[] }) {
  return describeLayers(layers).map(({ label, lines }) => (
    <div key={label} className="visually-hidden" role="status" aria-label={label}>
      {lines.map((line) => (
        <p key={line}>{line}</p>
      ))}
    </div>
  ));
}
