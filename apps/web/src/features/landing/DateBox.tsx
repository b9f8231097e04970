import { useShownTime } from "../../lib/EventTime";
import "./DateBox.css";

export interface DateBoxProps {
  startIso: string;
  timeZone: string;
  /** null: the session is over, so there is nothing to add to a calendar (issue 23 §3.1). */
  onOpenCalendar: (() => void) | null;
}

/**
 * Spec 1 §2: month, day and time; a click opens the add-to-calendar dialog. Shown in the viewer's zone
 * like every other time, with the event's zone in the tooltip (issue 10 §2.4).
 */
export function DateBox({ startIso, timeZone, onOpenCalendar }: DateBoxProps) {
  const { shown, zoneNoteId, zoneNote } = useShownTime(startIso, timeZone);
  // Explicit spaces keep the accessible name readable: "Mar 14 6:00 PM CET, add to calendar".
  const face = (
    <>
      <span className="date-box__month">{shown.month}</span>{" "}
      <span className="date-box__day">{shown.day}</span>{" "}
      <time className="date-box__time" dateTime={startIso}>
        {shown.time} {shown.zone}
      </time>
    </>
  );
  if (!onOpenCalendar) {
    return (
      <p className="date-box date-box--static" title={shown.eventZoneTooltip} aria-describedby={zoneNoteId}>
        {face}
        {zoneNote}
      </p>
    );
  }
  return (
    <button
      type="button"
      className="date-box"
      onClick={onOpenCalendar}
      title={shown.eventZoneTooltip}
      aria-haspopup="dialog"
      aria-describedby={zoneNoteId}
    >
      {face}
      <span className="visually-hidden">, add to calendar</span>
      {zoneNote}
    </button>
  );
}
