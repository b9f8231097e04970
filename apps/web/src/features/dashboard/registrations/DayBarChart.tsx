import type { ReactNode } from "react";
import { Bar, BarChart, CartesianGrid, Tooltip, XAxis, YAxis } from "recharts";
import { formatDay } from "./perDay";

// The brand's text-strength primary (tokens.css --color-primary-strong); SVG attributes take no CSS variables.
const BAR_COLOR = "#b93e22";

/**
 * A value per calendar day as bars (recharts): the registrations chart and the billing tab's hours.
 * The drawing is for sighted mouse users; everyone else gets the caption and a visually hidden table.
 */
export function DayBarChart(props: {
  className: string;
  caption: ReactNode;
  captionId: string;
  /** Every day of the span, zeros included. */
  days: { date: string; value: number }[];
  /** The table's rows: the days worth reading out. */
  rows: { date: string; text: string }[];
  name: string;
  tableCaption: string;
  allowDecimals: boolean;
  unit?: string;
  maxBarSize: number;
}) {
  return (
    <figure className={props.className} aria-labelledby={props.captionId}>
      {props.caption}
      {props.days.length > 0 && (
        <>
          <div className={`${props.className}__plot`} aria-hidden="true">
            <BarChart
              data={props.days}
              responsive
              style={{ width: "100%", height: 240 }}
              accessibilityLayer={false}
              margin={{ top: 8, right: 8, bottom: 8, left: 0 }}
            >
              <CartesianGrid strokeDasharray="3 3" vertical={false} />
              <XAxis dataKey="date" tickFormatter={(date: string) => formatDay(date)} minTickGap={16} />
              <YAxis allowDecimals={props.allowDecimals} width={props.unit ? 56 : 40} unit={props.unit} />
              <Tooltip labelFormatter={(date) => formatDay(String(date), "long")} />
              <Bar
                dataKey="value"
                name={props.name}
                fill={BAR_COLOR}
                radius={[4, 4, 0, 0]}
                maxBarSize={props.maxBarSize}
              />
            </BarChart>
          </div>
          <table className="visually-hidden">
            <caption>{props.tableCaption}</caption>
            <thead>
              <tr>
                <th scope="col">Day</th>
                <th scope="col">{props.name}</th>
              </tr>
            </thead>
            <tbody>
              {props.rows.map((row) => (
                <tr key={row.date}>
                  <th scope="row">{formatDay(row.date, "long")}</th>
                  <td>{row.text}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </>
      )}
    </figure>
  );
}
