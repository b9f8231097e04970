import { useId } from "react";
import { Bar, BarChart, CartesianGrid, Tooltip, XAxis, YAxis } from "recharts";
import { chartSummary, type DayCount, formatDay, withEmptyDays } from "./perDay";

// The brand's text-strength primary (tokens.css --color-primary-strong); SVG attributes take no CSS variables.
const BAR_COLOR = "#b93e22";

/**
 * Registrations per day. The drawing is for sighted mouse users; everyone else gets the same facts
 * as the caption and a visually hidden table.
 */
export function RegistrationsChart({ perDay, total }: { perDay: DayCount[]; total: number }) {
  const captionId = useId();
  const days = withEmptyDays(perDay);
  return (
    <figure className="reg-chart" aria-labelledby={captionId}>
      <figcaption id={captionId} className="reg-chart__caption">
        {chartSummary(perDay, total)}
      </figcaption>
      {days.length > 0 && (
        <>
          <div className="reg-chart__plot" aria-hidden="true">
            <BarChart
              data={days}
              responsive
              style={{ width: "100%", height: 240 }}
              accessibilityLayer={false}
              margin={{ top: 8, right: 8, bottom: 8, left: 0 }}
            >
              <CartesianGrid strokeDasharray="3 3" vertical={false} />
              <XAxis dataKey="date" tickFormatter={(date: string) => formatDay(date)} minTickGap={16} />
              <YAxis allowDecimals={false} width={40} />
              <Tooltip labelFormatter={(date) => formatDay(String(date), "long")} />
              <Bar
                dataKey="count"
                name="Registrations"
                fill={BAR_COLOR}
                radius={[4, 4, 0, 0]}
                maxBarSize={48}
              />
            </BarChart>
          </div>
          <table className="visually-hidden">
            <caption>Registrations per day</caption>
            <thead>
              <tr>
                <th scope="col">Day</th>
                <th scope="col">Registrations</th>
              </tr>
            </thead>
            <tbody>
              {perDay.map((day) => (
                <tr key={day.date}>
                  <th scope="row">{formatDay(day.date, "long")}</th>
                  <td>{day.count}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </>
      )}
    </figure>
  );
}
