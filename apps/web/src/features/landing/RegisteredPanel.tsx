import { REGISTERED_LABELS, type VideoSessionSummary } from "@onstage/domain";
import { EventTime } from "../../lib/EventTime";
import { Button, ButtonLink } from "../../ui/Button";
import "./SidebarSections.css";

export interface RegisteredPanelProps {
  eventCode: string;
  eventTimeZone: string;
  session: VideoSessionSummary | null;
  /** When the panel opens: the next session's start. */
  startIso: string | null;
  isLive: boolean;
  onOpenCalendar: () => void;
}

/** Issue 10 §2.2: what a registered (or paying) person expects instead of the register button. */
export function RegisteredPanel(props: RegisteredPanelProps) {
  const { eventCode, eventTimeZone, session, startIso, isLive, onOpenCalendar } = props;
  const roomPath = `/c/${encodeURIComponent(eventCode)}${session ? `/${session.urlHash}` : ""}`;
  return (
    <section className="registered-panel" aria-labelledby="registered-status">
      <h2 id="registered-status" className="registered-panel__status">
        <span aria-hidden="true">✓</span> {REGISTERED_LABELS.status}
      </h2>
      {startIso && (
        <p className="registered-panel__time">
          <EventTime iso={startIso} eventTimeZone={eventTimeZone} format="full" />
        </p>
      )}
      {isLive && (
        <ButtonLink to={roomPath} size="lg" fullWidth>
          {REGISTERED_LABELS.join}
        </ButtonLink>
      )}
      {startIso && (
        <Button variant="secondary" fullWidth aria-haspopup="dialog" onClick={onOpenCalendar}>
          Add to calendar
        </Button>
      )}
    </section>
  );
}
