import type { ReactNode } from "react";
import { AreaChart, BarChart, CartesianGrid, Tooltip, XAxis, YAxis } from "recharts";
import { timeOfDayInZone } from "../zonedTime";

/**
 * A session's per-minute series (recharts), its minutes in the event's zone: live viewers, actions,
 * concurrent plays. `children` are the series (Area or Bar).
 */
export function MinuteChart(props: {
  type: "area" | "bar";
  data: readonly { minute: string }[];
  timeZone: string;
  children: ReactNode;
}) {
  const timeOfDay = timeOfDayInZone(props.timeZone);
  const Chart = props.type === "area" ? AreaChart : BarChart;
  return (
    <Chart
      data={props.data}
      responsive
      style={{ width: "100%", height: 240 }}
      accessibilityLayer={false}
      margin={{ top: 8, right: 8, bottom: 8, left: 0 }}
    >
      <CartesianGrid strokeDasharray="3 3" vertical={false} />
      <XAxis dataKey="minute" tickFormatter={timeOfDay} minTickGap={24} />
      <YAxis allowDecimals={false} width={40} />
      <Tooltip labelFormatter={(minute) => timeOfDay(String(minute))} />
      {props.children}
    </Chart>
  );
}
