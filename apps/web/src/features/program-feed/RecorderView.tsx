import {
  DEFAULT_PRIMARY_COLOR,
  type EventPageData,
  type VideoSessionSummary,
  type ViewerFlags,
} from "@onstage/domain";
import { lazy, Suspense, useMemo } from "react";
import { useMe } from "../account/useMe";
import { viewerFlagsFor } from "../event-page/eventView";
import { useQaStageCard } from "../questions/useQaStageCard";
import { RealtimeProvider } from "../realtime/RealtimeProvider";
import { useRoom } from "../room/useRoom";
import type { StageParticipant } from "../stage/types";
import { useEmbeddedStage } from "../stage/useEmbeddedStage";
import type { ProgramBrand } from "./drawProgramFrame";
import { FollowedRoom } from "./FollowedRoom";
import { ProgramCanvas } from "./ProgramCanvas";
import { useProgramFeed, useSendsProgramFeed } from "./useProgramFeed";
import "./program-feed.css";

const NOBODY: StageParticipant[] = [];

const EgressProgram = lazy(() => import("./EgressProgram"));

/**
 * Spec 2 §2 recorder-view flag: only the program, full-window and without chrome, so a headless browser
 * on the server can capture it. A host's browser watches the media room for the stage; anyone else sees
 * the brand slate. With COMPOSITOR=server this page, in the server's own Chromium, sends the feed.
 */
export function RecorderView({
  data,
  session,
  isEgress = false,
}: {
  data: EventPageData;
  session: VideoSessionSummary;
  /** LiveKit Egress opened the page as its template (with the room's url and token): it draws that room. */
  isEgress?: boolean;
}) {
  const { user } = useMe();
  const brand = useMemo(
    () => ({ color: DEFAULT_PRIMARY_COLOR, title: data.event.title }),
    [data.event.title],
  );
  if (isEgress) {
    return (
      <main>
        <h1 className="visually-hidden">{data.event.title}</h1>
        <Suspense fallback={<ProgramCanvas participants={NOBODY} brand={brand} />}>
          <EgressProgram
            brand={brand}
            session={session}
            eventCode={data.event.eventCode}
            isSignedIn={user !== null}
          />
        </Suspense>
      </main>
    );
  }
  const flags = viewerFlagsFor(data, session);
  const watches = user !== null && flags.canSeeGoLive;
  return (
    <main>
      <h1 className="visually-hidden">{data.event.title}</h1>
      {watches ? (
        <RealtimeProvider>
          <WatchedProgram
            session={session}
            flags={flags}
            userId={user.id}
            brand={brand}
            eventCode={data.event.eventCode}
          />
        </RealtimeProvider>
      ) : (
        <ProgramCanvas participants={NOBODY} brand={brand} />
      )}
    </main>
  );
}

function WatchedProgram(props: {
  session: VideoSessionSummary;
  flags: ViewerFlags;
  userId: number;
  brand: ProgramBrand;
  eventCode: string;
}) {
  const { session, flags, brand } = props;
  const stage = useEmbeddedStage(session.id, props.userId, { camera: null });
  // Issue 12: the question on stage comes with the room's session and its topic, as in the room.
  const room = useRoom(session.id);
  const card = useQaStageCard(room.data?.session ?? null);
  const isSending = useSendsProgramFeed({ session, flags, page: "recorder" });
  const { status } = useProgramFeed({
    participants: stage.participants,
    sessionId: session.id,
    brand,
    card,
    isActive: isSending,
  });
  // Sending draws the program off the page already: a second canvas would only cost the server CPU.
  return (
    <>
      {room.data && <FollowedRoom room={room.data} eventCode={props.eventCode} />}
      {isSending ? (
        <p role="status">{status ? `Program feed: ${status.phase}` : "Program feed"}</p>
      ) : (
        <ProgramCanvas participants={stage.participants} brand={brand} card={card} />
      )}
    </>
  );
}
