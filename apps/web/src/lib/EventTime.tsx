import { shownTime } from "@onstage/domain";
import { useId } from "react";
import { useViewerTimeZone } from "./firstRender";

export interface EventTimeProps {
  iso: string;
  /** The event's zone, named in the tooltip; the text is in the viewer's own zone (issue 10 §2.4). */
  eventTimeZone: string;
  format: "short" | "full";
  className?: string;
}

/** A time in the viewer's zone; hovering or a screen reader gives the same instant in the event's zone. */
export function EventTime({ iso, eventTimeZone, format, className }: EventTimeProps) {
  const tooltipId = useId();
  const shown = shownTime(iso, { event: eventTimeZone, viewer: useViewerTimeZone(eventTimeZone) });
  return (
    <>
      <time dateTime={iso} title={shown.eventZoneTooltip} className={className} aria-describedby={tooltipId}>
        {shown[format]}
      </time>
      <span id={tooltipId} className="visually-hidden">
        {shown.eventZoneTooltip}
      </span>
    </>
  );
}
