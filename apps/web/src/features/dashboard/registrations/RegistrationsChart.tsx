import { useId } from "react";
import { DayBarChart } from "./DayBarChart";
import { chartSummary, type DayCount, withEmptyDays } from "./perDay";

/** Registrations per day. */
export function RegistrationsChart({ perDay, total }: { perDay: DayCount[]; total: number }) {
  const captionId = useId();
  return (
    <DayBarChart
      className="reg-chart"
      captionId={captionId}
      caption={
        <figcaption id={captionId} className="reg-chart__caption">
          {chartSummary(perDay, total)}
        </figcaption>
      }
      days={withEmptyDays(perDay).map((day) => ({ date: day.date, value: day.count }))}
      rows={perDay.map((day) => ({ date: day.date, text: String(day.count) }))}
      name="Registrations"
      tableCaption="Registrations per day"
      allowDecimals={false}
      maxBarSize={48}
    />
  );
}
