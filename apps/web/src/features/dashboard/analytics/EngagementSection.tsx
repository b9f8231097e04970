import { ENGAGEMENT_KINDS, ENGAGEMENT_LABELS, type SessionAnalytics } from "@onstage/domain";
import { Bar } from "recharts";
import { timeOfDayInZone } from "../zonedTime";
import { AnalyticsSection } from "./AnalyticsSection";
import { sessionCsvUrl } from "./analyticsApi";
import { ChartFigure } from "./ChartFigure";
import { ENGAGEMENT_COLORS } from "./colors";
import { DataTable } from "./DataTable";
import { actionCount } from "./format";
import { MinuteChart } from "./MinuteChart";
import { SeriesLegend } from "./SeriesLegend";
import { engagementSummary } from "./summaries";

/** Issue 28 §2: what the audience did, minute by minute: chat, Q&A, polls, reactions, CTAs, donations. */
export function EngagementSection(props: {
  sessionId: number;
  engagement: SessionAnalytics["engagement"];
  timeZone: string;
}) {
  const { engagement, timeZone } = props;
  const timeOfDay = timeOfDayInZone(timeZone);
  const labels = ENGAGEMENT_KINDS.map((kind) => ENGAGEMENT_LABELS[kind]);
  return (
    <AnalyticsSection
      title="Engagement"
      csv={{ href: sessionCsvUrl(props.sessionId, "engagement"), label: "Download engagement CSV" }}
    >
      {actionCount(engagement.totals) === 0 ? (
        <p className="dash-empty">
          Nobody chatted, asked, voted, reacted, clicked or donated in this session.
        </p>
      ) : (
        <ChartFigure
          caption={engagementSummary(engagement, timeZone)}
          plot={
            <MinuteChart type="bar" data={engagement.perMinute} timeZone={timeZone}>
              {ENGAGEMENT_KINDS.map((kind) => (
                <Bar
                  key={kind}
                  dataKey={kind}
                  name={ENGAGEMENT_LABELS[kind]}
                  stackId="actions"
                  fill={ENGAGEMENT_COLORS[kind]}
                  stroke="#ffffff"
                  strokeWidth={1}
                  maxBarSize={32}
                />
              ))}
            </MinuteChart>
          }
        >
          <SeriesLegend
            label="Totals"
            items={ENGAGEMENT_KINDS.map((kind) => ({
              key: kind,
              label: ENGAGEMENT_LABELS[kind],
              color: ENGAGEMENT_COLORS[kind],
              value: engagement.totals[kind],
            }))}
          />
          <DataTable
            hidden
            caption="Actions per minute, the minutes with any"
            columns={["Minute", ...labels]}
            rows={engagement.perMinute
              .filter((m) => actionCount(m) > 0)
              .map((m) => ({
                key: m.minute,
                cells: [timeOfDay(m.minute), ...ENGAGEMENT_KINDS.map((k) => m[k])],
              }))}
          />
        </ChartFigure>
      )}
    </AnalyticsSection>
  );
}
