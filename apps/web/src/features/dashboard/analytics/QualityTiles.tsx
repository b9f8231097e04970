import type { SessionQuality } from "@onstage/domain";
import { formatPercent, formatSeconds } from "./format";

/** Issue 28 §1: the session's playback in seven figures. */
export function QualityTiles({ quality }: { quality: SessionQuality }) {
  const tiles = [
    { label: "Views", value: String(quality.views) },
    { label: "Unique viewers", value: String(quality.uniqueViewers) },
    { label: "Startup time, median", value: formatSeconds(quality.startupP50Ms) },
    { label: "Startup time, 95th percentile", value: formatSeconds(quality.startupP95Ms) },
    { label: "Rebuffering", value: formatPercent(quality.rebufferPercent) },
    { label: "Failures", value: formatPercent(quality.failurePercent) },
    { label: "Exits before start", value: String(quality.exitsBeforeStart) },
  ];
  return (
    <dl className="analytics-kpis">
      {tiles.map((tile) => (
        <div key={tile.label} className="analytics-kpi">
          <dt className="analytics-kpi__label">{tile.label}</dt>
          <dd className="analytics-kpi__value">{tile.value}</dd>
        </div>
      ))}
    </dl>
  );
}
