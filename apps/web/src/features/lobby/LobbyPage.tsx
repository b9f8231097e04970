import type { EventPageData } from "@onstage/domain";
import { RealtimeProvider } from "../realtime/RealtimeProvider";
import { SessionAgenda } from "./SessionAgenda";

/**
 * /c/{eventCode}/lobby of a multi-session event without a lobby-type session: the agenda alone, kept
 * live over the event topic (the room's own connection serves the agenda elsewhere).
 */
export function LobbyPage({ data }: { data: EventPageData }) {
  return (
    <div className="lobby-page">
      <h1>{data.event.title}</h1>
      <h2>Sessions</h2>
      <RealtimeProvider>
        <SessionAgenda data={data} />
      </RealtimeProvider>
    </div>
  );
}
