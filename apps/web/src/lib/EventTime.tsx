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

/**
 * An instant in the viewer's zone, and `zoneNote`: a hidden element, named by `aria-describedby={zoneNoteId}`,
 * that gives the same instant in the event's zone to a screen reader (the title does it on hover).
 */
export function useShownTime(iso: string, eventTimeZone: string) {
  const zoneNoteId = useId();
  const shown = shownTime(iso, { event: eventTimeZone, viewer: useViewerTimeZone(eventTimeZone) });
  const zoneNote = (
    <span id={zoneNoteId} className="visually-hidden">
      {shown.eventZoneTooltip}
    </span>
  );
  return { shown, zoneNoteId, zoneNote };
}

/** A time in the viewer's zone; hovering or a screen reader gives the same instant in the event's zone. */
export function EventTime({ iso, eventTimeZone, format, className }: EventTimeProps) {
  const { shown, zoneNoteId, zoneNote } = useShownTime(iso, eventTimeZone);
  return (
    <>
      <time dateTime={iso} title={shown.eventZoneTooltip} className={className} aria-describedby={zoneNoteId}>
        {shown[format]}
      </time>
      {zoneNote}
    </>
  );
}
