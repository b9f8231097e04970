import type { QualityView } from "@onstage/domain";
import { formatInZone } from "../zonedTime";
import { DataTable } from "./DataTable";
import { DELIVERY_LABELS, formatDuration, formatSeconds } from "./format";

const rebuffers = (view: QualityView) =>
  view.rebufferCount === 0 ? "0" : `${view.rebufferCount} (${formatDuration(view.rebufferMs)})`;

const failure = (view: QualityView) =>
  view.failed ? `Failed${view.errorCode ? `: ${view.errorCode}` : ""}` : "No";

/** Issue 28 §1: the latest plays, one row each, newest first (the CSV has them all). */
export function RecentViewsTable({ views, timeZone }: { views: readonly QualityView[]; timeZone: string }) {
  return (
    <DataTable
      caption="Recent views, newest first"
      columns={[
        "Viewer",
        "Delivery",
        "Started",
        "Startup",
        "Watched",
        "Rebuffers",
        "Rendition",
        "Failed",
        "Exited before start",
      ]}
      rows={views.map((view, i) => ({
        key: `${view.startedAt}-${i}`,
        cells: [
          view.viewerName ?? "Visitor",
          DELIVERY_LABELS[view.delivery],
          <time key="started" dateTime={view.startedAt}>
            {formatInZone(view.startedAt, timeZone)}
          </time>,
          formatSeconds(view.startupMs),
          formatDuration(view.watchMs),
          rebuffers(view),
          view.rendition ?? "—",
          failure(view),
          view.exitedBeforeStart ? "Yes" : "No",
        ],
      }))}
    />
  );
}
