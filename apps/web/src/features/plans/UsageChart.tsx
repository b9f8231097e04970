import type { PlanDetails } from "@onstage/domain";
import { useId } from "react";
import { DayBarChart } from "../dashboard/registrations/DayBarChart";
import { hoursByDay, hoursText } from "./usage";

/** Hours broadcast per UTC day this month, drawn like the registrations chart. */
export function UsageChart({ details }: { details: PlanDetails }) {
  const captionId = useId();
  const busy = details.usageByDay.filter((day) => day.seconds > 0);
  const days = busy.length === 1 ? "1 day" : `${busy.length} days`;
  return (
    <DayBarChart
      className="usage-chart"
      captionId={captionId}
      caption={
        <figcaption id={captionId}>
          {busy.length === 0
            ? "Nothing broadcast this month yet."
            : `${hoursText(details.usedSecondsThisMonth)} broadcast this month, on ${days}.`}
        </figcaption>
      }
      days={hoursByDay(details).map((day) => ({ date: day.date, value: day.hours }))}
      rows={busy.map((day) => ({ date: day.date, text: hoursText(day.seconds) }))}
      name="Hours"
      tableCaption="Hours broadcast per day"
      allowDecimals
      unit=" h"
      maxBarSize={32}
    />
  );
}
