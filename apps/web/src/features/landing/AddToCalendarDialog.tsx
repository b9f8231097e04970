import { buttonClassName } from "../../ui/Button";
import { Dialog } from "../../ui/Dialog";
import { type CalendarEntry, googleCalendarUrl, icsUrl, outlookCalendarUrl } from "./calendarLinks";
import "./DateBox.css";

export interface AddToCalendarDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  eventCode: string;
  entry: CalendarEntry;
}

export function AddToCalendarDialog({ open, onOpenChange, eventCode, entry }: AddToCalendarDialogProps) {
  const look = buttonClassName({ variant: "secondary", fullWidth: true });
  return (
    <Dialog
      open={open}
      onOpenChange={onOpenChange}
      title="Add to calendar"
      description={`Save "${entry.title}" to your calendar.`}
    >
      <ul className="calendar-options">
        <li>
          <a className={look} href={googleCalendarUrl(entry)} target="_blank" rel="noopener noreferrer">
            Google Calendar
          </a>
        </li>
        <li>
          <a className={look} href={outlookCalendarUrl(entry)} target="_blank" rel="noopener noreferrer">
            Outlook
          </a>
        </li>
        <li>
          <a className={look} href={icsUrl(eventCode)} download>
            Apple / .ics
          </a>
        </li>
      </ul>
    </Dialog>
  );
}
