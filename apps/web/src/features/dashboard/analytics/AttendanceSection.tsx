import type { SessionAnalytics } from "@onstage/domain";
import { Area } from "recharts";
import { formatInZone, timeOfDayInZone } from "../zonedTime";
import { AnalyticsSection } from "./AnalyticsSection";
import { sessionCsvUrl } from "./analyticsApi";
import { ChartFigure } from "./ChartFigure";
import { PRIMARY_COLOR } from "./colors";
import { DataTable } from "./DataTable";
import { changesOf, formatNumber } from "./format";
import { MinuteChart } from "./MinuteChart";
import { attendanceSummary } from "./summaries";

/** Issue 28 §2: who was live, when and for how long; live viewers per minute. */
export function AttendanceSection(props: {
  sessionId: number;
  attendance: SessionAnalytics["attendance"];
  timeZone: string;
}) {
  const { attendance, timeZone } = props;
  const timeOfDay = timeOfDayInZone(timeZone);
  return (
    <AnalyticsSection
      title="Attendance"
      csv={{ href: sessionCsvUrl(props.sessionId, "attendance"), label: "Download attendance CSV" }}
    >
      {attendance.attendees.length === 0 ? (
        <p className="dash-empty">Nobody was live in this session.</p>
      ) : (
        <>
          <ChartFigure
            caption={attendanceSummary(attendance, timeZone)}
            plot={
              <MinuteChart type="area" data={attendance.perMinute} timeZone={timeZone}>
                <Area
                  type="stepAfter"
                  dataKey="viewers"
                  name="Live viewers"
                  stroke={PRIMARY_COLOR}
                  fill={PRIMARY_COLOR}
                  fillOpacity={0.25}
                />
              </MinuteChart>
            }
          >
            <DataTable
              hidden
              caption="Live viewers per minute, from each change"
              columns={["From", "Live viewers"]}
              rows={changesOf(attendance.perMinute, (m) => String(m.viewers)).map((m) => ({
                key: m.minute,
                cells: [timeOfDay(m.minute), m.viewers],
              }))}
            />
          </ChartFigure>
          <DataTable
            caption="Attendees, longest in the session first"
            columns={["Name", "Email", "First seen", "Last seen", "Minutes live", "Visits"]}
            rows={attendance.attendees.map((a) => ({
              key: a.userId,
              cells: [
                a.name || "—",
                a.email,
                <time key="first" dateTime={a.firstSeen}>
                  {formatInZone(a.firstSeen, timeZone)}
                </time>,
                <time key="last" dateTime={a.lastSeen}>
                  {formatInZone(a.lastSeen, timeZone)}
                </time>,
                formatNumber(a.minutes),
                a.visits,
              ],
            }))}
          />
        </>
      )}
    </AnalyticsSection>
  );
}
