import { realtimeHealth } from "../realtime/health";
import { useRealtimeSnapshot } from "../realtime/useTopic";
import "./room-kit.css";

/**
 * Issue 6 item 5: realtime status, shown only when degraded: 'Reconnecting…' politely, a failure as an
 * alert. The live region stays mounted so a change is announced.
 */
export function ConnectionStatus() {
  const snapshot = useRealtimeSnapshot();
  const health = snapshot ? realtimeHealth(snapshot) : { kind: "healthy" as const };
  return (
    <div className="connection-status">
      <div role="status" className={health.kind === "reconnecting" ? "connection-status__notice" : undefined}>
        {health.kind === "reconnecting" ? "Reconnecting…" : null}
      </div>
      <div role="alert" className={health.kind === "error" ? "connection-status__error" : undefined}>
        {health.kind === "error" ? health.message : null}
      </div>
    </div>
  );
}
