import { PlaybackDelivery, type SessionQuality } from "@onstage/domain";
import { Area } from "recharts";
import { timeOfDayInZone } from "../zonedTime";
import { AnalyticsSection } from "./AnalyticsSection";
import { sessionCsvUrl } from "./analyticsApi";
import { ChartFigure } from "./ChartFigure";
import { DELIVERY_COLORS } from "./colors";
import { DataTable } from "./DataTable";
import { changesOf, DELIVERY_LABELS, formatDuration, formatPercent } from "./format";
import { MinuteChart } from "./MinuteChart";
import { QualityTiles } from "./QualityTiles";
import { RecentViewsTable } from "./RecentViewsTable";
import { SeriesLegend } from "./SeriesLegend";
import { concurrentSummary } from "./summaries";

const DELIVERIES = PlaybackDelivery.options;

const deliveryLabel = (key: string) => DELIVERY_LABELS[key as PlaybackDelivery] ?? key;

/** Issue 28 §1: how the video played: figures, concurrent viewers by delivery, breakdowns, the latest views. */
export function QualitySection(props: { sessionId: number; quality: SessionQuality; timeZone: string }) {
  const { quality, timeZone } = props;
  const timeOfDay = timeOfDayInZone(timeZone);
  return (
    <AnalyticsSection
      title="Playback quality"
      csv={{ href: sessionCsvUrl(props.sessionId, "quality"), label: "Download quality CSV" }}
    >
      {quality.views === 0 ? (
        <p className="dash-empty">Nobody played the video in this session.</p>
      ) : (
        <>
          <QualityTiles quality={quality} />
          <ChartFigure
            caption={concurrentSummary(quality.concurrent, timeZone)}
            plot={
              <MinuteChart type="area" data={quality.concurrent} timeZone={timeZone}>
                {DELIVERIES.map((delivery) => (
                  <Area
                    key={delivery}
                    type="stepAfter"
                    dataKey={delivery}
                    name={DELIVERY_LABELS[delivery]}
                    stackId="viewers"
                    stroke={DELIVERY_COLORS[delivery]}
                    fill={DELIVERY_COLORS[delivery]}
                    fillOpacity={0.35}
                  />
                ))}
              </MinuteChart>
            }
          >
            <SeriesLegend
              items={DELIVERIES.map((d) => ({
                key: d,
                label: DELIVERY_LABELS[d],
                color: DELIVERY_COLORS[d],
              }))}
            />
            <DataTable
              hidden
              caption="Viewers playing per minute, from each change"
              columns={["From", ...DELIVERIES.map((d) => DELIVERY_LABELS[d])]}
              rows={changesOf(quality.concurrent, (m) => `${m.hls} ${m.webrtc}`).map((m) => ({
                key: m.minute,
                cells: [timeOfDay(m.minute), m.hls, m.webrtc],
              }))}
            />
          </ChartFigure>
          <DataTable
            caption="By delivery"
            columns={["Delivery", "Views", "Watched", "Rebuffering"]}
            rows={quality.byDelivery.map((row) => ({
              key: row.key,
              cells: [
                deliveryLabel(row.key),
                row.views,
                formatDuration(row.watchMs),
                row.rebufferPercent === null ? "—" : formatPercent(row.rebufferPercent),
              ],
            }))}
          />
          <DataTable
            caption="By rendition"
            columns={["Rendition", "Views", "Watched"]}
            rows={quality.byRendition.map((row) => ({
              key: row.key,
              cells: [row.key, row.views, formatDuration(row.watchMs)],
            }))}
          />
          <RecentViewsTable views={quality.recentViews} timeZone={timeZone} />
        </>
      )}
    </AnalyticsSection>
  );
}
