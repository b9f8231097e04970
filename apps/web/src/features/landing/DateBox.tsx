import { useShownTime } from "../../lib/EventTime";
import "./DateBox.css";

export interface DateBoxProps {
  startIso: string;
  timeZone: string;
  onOpenCalendar: () => void;
}

/**
 * Spec 1 §2: month, day and time; a click opens the add-to-calendar dialog. Shown in the viewer's zone
 * like every other time, with the event's zone in the tooltip (issue 10 §2.4).
 */
export function DateBox({ startIso, timeZone, onOpenCalendar }: DateBoxProps) {
  const { shown, zoneNoteId, zoneNote } = useShownTime(startIso, timeZone);
  return (
    <button
      type="button"
      className="date-box"
      onClick={onOpenCalendar}
      title={shown.eventZoneTooltip}
      aria-haspopup="dialog"
      aria-describedby={zoneNoteId}
    >
      {/* Explicit spaces keep the accessible name readable: "Mar 14 6:00 PM CET, add to calendar". */}
      <span className="date-box__month">{shown.month}</span>{" "}
      <span className="date-box__day">{shown.day}</span>{" "}
      <time className="date-box__time" dateTime={startIso}>
        {shown.time} {shown.zone}
      </time>
      <span className="visually-hidden">, add to calendar</span>
      {zoneNote}
    </button>
  );
}
