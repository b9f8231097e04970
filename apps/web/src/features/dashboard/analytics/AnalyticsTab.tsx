import "./analytics.css";
import type { DashEvent } from "@onstage/domain";
import { useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { failureText } from "../../../api";
import { Button } from "../../../ui/Button";
import { Spinner } from "../../../ui/Spinner";
import { dashKeys } from "../dashKeys";
import { AnalyticsSection } from "./AnalyticsSection";
import { defaultSessionId } from "./format";
import { SessionAnalyticsView } from "./SessionAnalyticsView";
import { SessionPicker } from "./SessionPicker";
import { SourcesSection } from "./SourcesSection";
import { LIVE_REFETCH_MS, useEventAnalytics } from "./useAnalytics";

/** Issue 28 §2: the team's view of the event's audience: sources, then one session's attendance, engagement and quality. */
export function AnalyticsTab({ event }: { event: Pick<DashEvent, "id" | "timezone"> }) {
  const query = useEventAnalytics(event.id);
  const queryClient = useQueryClient();
  const [chosen, setChosen] = useState<number | null>(null);
  const sessions = query.data?.sessions ?? [];
  const sessionId = sessions.some((s) => s.id === chosen) ? chosen : defaultSessionId(sessions);
  // Both the event's figures and the session's: a prefix of neither key covers the other.
  const refresh = () => {
    void queryClient.invalidateQueries({ queryKey: dashKeys.analytics(event.id) });
    if (sessionId !== null)
      void queryClient.invalidateQueries({ queryKey: dashKeys.sessionAnalytics(sessionId) });
  };
  if (query.isPending) return <Spinner label="Loading analytics…" />;
  if (query.isError) return <p role="alert">{failureText(query.error)}</p>;
  return (
    <div className="analytics">
      <div className="analytics__toolbar">
        <p className="part-list__note">
          A live session's figures refresh by themselves every {LIVE_REFETCH_MS / 1000} seconds.
        </p>
        <Button variant="secondary" onClick={refresh}>
          Refresh
        </Button>
      </div>
      <SourcesSection eventId={event.id} analytics={query.data} />
      <AnalyticsSection title="Sessions">
        {sessionId === null ? (
          <p className="dash-empty">This event has no sessions.</p>
        ) : (
          <SessionPicker sessions={sessions} sessionId={sessionId} onChoose={setChosen} />
        )}
      </AnalyticsSection>
      {sessionId !== null && <SessionAnalyticsView sessionId={sessionId} timeZone={event.timezone} />}
    </div>
  );
}
