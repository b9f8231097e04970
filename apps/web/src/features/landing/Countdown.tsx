import { countdownParts } from "../../lib/dates";
import { useNow } from "../../lib/useNow";
import "./Countdown.css";

const UNITS = ["days", "hours", "minutes", "seconds"] as const;

/** Spec 1 §2: a countdown in days, hours, minutes, seconds to the next session. */
export function Countdown({ startIso }: { startIso: string }) {
  const now = useNow(1000);
  const parts = countdownParts(Date.parse(startIso), now);
  if (!parts) return <p className="countdown__started">Starting now</p>;
  return (
    <div className="countdown">
      <p className="countdown__label" id="countdown-label">
        Starts in
      </p>
      {/* role=timer is not live by default: a screen reader is not interrupted every second. */}
      <div role="timer" aria-labelledby="countdown-label" className="countdown__units">
        {UNITS.map((unit) => (
          <div key={unit} className="countdown__unit">
            <span className="countdown__value">{String(parts[unit]).padStart(2, "0")}</span>
            <span className="countdown__name">{unit}</span>
          </div>
        ))}
      </div>
    </div>
  );
}
