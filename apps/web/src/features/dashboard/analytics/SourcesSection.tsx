import type { EventAnalytics } from "@onstage/domain";
import { Bar, BarChart, CartesianGrid, Tooltip, XAxis, YAxis } from "recharts";
import { AnalyticsSection } from "./AnalyticsSection";
import { sourcesCsvUrl } from "./analyticsApi";
import { ChartFigure } from "./ChartFigure";
import { PRIMARY_COLOR, SECONDARY_COLOR } from "./colors";
import { DataTable } from "./DataTable";
import { formatPercent, shareOf, sourceLabel, sourcesSummary } from "./format";
import { SeriesLegend } from "./SeriesLegend";

const BAR_ROW_PX = 56;

const SERIES = [
  { key: "registrations", label: "Registrations", color: PRIMARY_COLOR },
  { key: "pageViews", label: "Event-page views", color: SECONDARY_COLOR },
] as const;

/** Issue 28 §2: registrations and event-page views per source (a utm link, a clip, the page itself). */
export function SourcesSection({ eventId, analytics }: { eventId: number; analytics: EventAnalytics }) {
  const sources = analytics.bySource.map((source) => ({ ...source, label: sourceLabel(source) }));
  return (
    <AnalyticsSection
      title="Where registrations came from"
      csv={{ href: sourcesCsvUrl(eventId), label: "Download sources CSV" }}
    >
      {sources.length === 0 ? (
        <p className="dash-empty">{sourcesSummary(0, 0)}</p>
      ) : (
        <ChartFigure
          caption={sourcesSummary(analytics.pageViews, analytics.registrations)}
          plot={
            <BarChart
              data={sources}
              layout="vertical"
              responsive
              style={{ width: "100%", height: sources.length * BAR_ROW_PX + 40 }}
              accessibilityLayer={false}
              margin={{ top: 8, right: 16, bottom: 8, left: 8 }}
            >
              <CartesianGrid strokeDasharray="3 3" horizontal={false} />
              <XAxis type="number" allowDecimals={false} />
              <YAxis type="category" dataKey="label" width={200} />
              <Tooltip />
              {SERIES.map((series) => (
                <Bar
                  key={series.key}
                  dataKey={series.key}
                  name={series.label}
                  fill={series.color}
                  radius={[0, 4, 4, 0]}
                  maxBarSize={20}
                />
              ))}
            </BarChart>
          }
        >
          <SeriesLegend items={SERIES} />
          <DataTable
            caption="Registrations by source"
            columns={["Source", "Event-page views", "Registrations", "Conversion"]}
            rows={sources.map((source) => {
              const conversion = shareOf(source.registrations, source.pageViews);
              return {
                key: JSON.stringify([source.kind, source.source, source.medium, source.campaign]),
                cells: [
                  source.label,
                  source.pageViews,
                  source.registrations,
                  conversion === null ? "—" : formatPercent(conversion),
                ],
              };
            })}
          />
        </ChartFigure>
      )}
    </AnalyticsSection>
  );
}
