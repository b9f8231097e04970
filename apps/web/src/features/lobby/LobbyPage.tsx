import type { EventPageData } from "@onstage/domain";
import { SessionAgenda } from "./SessionAgenda";

/** /c/{eventCode}/lobby of a multi-session event without a lobby-type session: the agenda alone. */
export function LobbyPage({ data }: { data: EventPageData }) {
  return (
    <div className="lobby-page">
      <h1>{data.event.title}</h1>
      <h2>Sessions</h2>
      <SessionAgenda data={data} />
    </div>
  );
}
