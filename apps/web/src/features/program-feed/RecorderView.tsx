import type { EventPageData, VideoSessionSummary, ViewerFlags } from "@onstage/domain";
import { lazy, Suspense } from "react";
import { useMe } from "../account/useMe";
import { viewerFlagsFor } from "../event-page/eventView";
import { useProgramScene } from "../program-scene/useProgramScene";
import { RealtimeProvider } from "../realtime/RealtimeProvider";
import { useRoom } from "../room-kit/useRoom";
import { useEmbeddedStage } from "../stage/useEmbeddedStage";
import { FollowedRoom } from "./FollowedRoom";
import { ProgramCanvas, SlateProgram } from "./ProgramCanvas";
import { useProgramFeed, useSendsProgramFeed } from "./useProgramFeed";
import "./program-feed.css";

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
  const { title } = data.event;
  if (isEgress) {
    return (
      <main>
        <h1 className="visually-hidden">{title}</h1>
        <Suspense fallback={<SlateProgram title={title} />}>
          <EgressProgram
            title={title}
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
      <h1 className="visually-hidden">{title}</h1>
      {watches ? (
        <RealtimeProvider>
          <WatchedProgram
            session={session}
            flags={flags}
            userId={user.id}
            title={title}
            eventCode={data.event.eventCode}
          />
        </RealtimeProvider>
      ) : (
        <SlateProgram title={title} />
      )}
    </main>
  );
}

function WatchedProgram(props: {
  session: VideoSessionSummary;
  flags: ViewerFlags;
  userId: number;
  title: string;
  eventCode: string;
}) {
  const { session, flags } = props;
  const { participants, controls } = useEmbeddedStage(session.id, props.userId, { camera: null });
  // Issue 12: the question on stage comes with the room's session and its topic, as in the room.
  const room = useRoom(session.id);
  const layers = useProgramScene({
    participants,
    sessionId: session.id,
    room: room.data?.session ?? null,
    title: props.title,
  });
  const isSending = useSendsProgramFeed({ session, flags, page: "recorder" });
  const { status } = useProgramFeed({
    layers,
    participants,
    sessionId: session.id,
    isActive: isSending,
    publisher: controls,
  });
  // Sending draws the program off the page already: a second canvas would only cost the server CPU.
  return (
    <>
      {room.data && <FollowedRoom room={room.data} eventCode={props.eventCode} />}
      {isSending ? (
        <p role="status">{status ? `Program feed: ${status.phase}` : "Program feed"}</p>
      ) : (
        <ProgramCanvas layers={layers} participants={participants} />
      )}
    </>
  );
}
