import { dateBoxParts } from "../../lib/dates";
import "./DateBox.css";

export interface DateBoxProps {
  startIso: string;
  timeZone: string;
  onOpenCalendar: () => void;
}

/** Spec 1 §2: month, day and time in the event's time zone; a click opens the add-to-calendar dialog. */
export function DateBox({ startIso, timeZone, onOpenCalendar }: DateBoxProps) {
  const parts = dateBoxParts(startIso, timeZone);
  return (
    <button
      type="button"
      className="date-box"
      onClick={onOpenCalendar}
      title={parts.full}
      aria-haspopup="dialog"
    >
      {/* Explicit spaces keep the accessible name readable: "Mar 14 6:00 PM CET, add to calendar". */}
      <span className="date-box__month">{parts.month}</span>{" "}
      <span className="date-box__day">{parts.day}</span>{" "}
      <span className="date-box__time">
        {parts.time} {parts.zone}
      </span>
      <span className="visually-hidden">, add to calendar</span>
    </button>
  );
}
