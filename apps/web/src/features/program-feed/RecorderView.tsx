import { DEFAULT_PRIMARY_COLOR, type EventPageData, type VideoSessionSummary } from "@onstage/domain";
import { useMemo } from "react";
import { useMe } from "../account/useMe";
import { viewerFlagsFor } from "../event-page/eventView";
import { RealtimeProvider } from "../realtime/RealtimeProvider";
import type { StageParticipant } from "../stage/types";
import { useEmbeddedStage } from "../stage/useEmbeddedStage";
import { ProgramCanvas } from "./ProgramCanvas";
import "./program-feed.css";

const NOBODY: StageParticipant[] = [];

/**
 * Spec 2 §2 recorder-view flag: only the program, full-window and without chrome, so a headless browser
 * on the server can capture it. A host's browser watches the media room for the stage; anyone else sees
 * the brand slate.
 */
export function RecorderView({ data, session }: { data: EventPageData; session: VideoSessionSummary }) {
  const { user } = useMe();
  const brand = useMemo(
    () => ({ color: DEFAULT_PRIMARY_COLOR, title: data.event.title }),
    [data.event.title],
  );
  const watches = user !== null && viewerFlagsFor(data, session).canSeeGoLive;
  return (
    <main>
      <h1 className="visually-hidden">{data.event.title}</h1>
      {watches ? (
        <RealtimeProvider>
          <WatchedCanvas sessionId={session.id} userId={user.id} brand={brand} />
        </RealtimeProvider>
      ) : (
        <ProgramCanvas participants={NOBODY} brand={brand} />
      )}
    </main>
  );
}

function WatchedCanvas(props: {
  sessionId: number;
  userId: number;
  brand: { color: string; title: string };
}) {
  const stage = useEmbeddedStage(props.sessionId, props.userId, { camera: null });
  return <ProgramCanvas participants={stage.participants} brand={props.brand} />;
}
