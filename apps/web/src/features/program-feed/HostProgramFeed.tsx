import { type RoomSession, studioFeatureRefusal, type ViewerFlags } from "@onstage/domain";
import { useMe } from "../account/useMe";
import { useProgramScene } from "../program-scene/useProgramScene";
import { useEmbeddedStage } from "../stage/useEmbeddedStage";
import { ProgramFeedCompositor } from "./ProgramFeedCompositor";

export interface HostProgramFeedProps {
  session: RoomSession;
  flags: ViewerFlags;
  title: string;
}

/**
 * Issue 11 §3: while the session broadcasts, a host's tab composes the program from a watch-only place
 * in the media room (every speaker's tracks, its own included), whether the host is on stage or not.
 * Spec 3 §1: not for an RTMP broadcast, whose picture is the encoder's.
 */
export function HostProgramFeed(props: HostProgramFeedProps) {
  const { user } = useMe();
  const { session, flags } = props;
  if (!user || session.state !== "broadcasting" || !flags.canSeeGoLive) return null;
  if (studioFeatureRefusal(session.broadcastType, "program_feed") !== null) return null;
  return <WatchingProgramFeed {...props} userId={user.id} />;
}

function WatchingProgramFeed({ session, flags, title, userId }: HostProgramFeedProps & { userId: number }) {
  const { participants, controls } = useEmbeddedStage(session.id, userId, { camera: null });
  const layers = useProgramScene({ participants, sessionId: session.id, room: session, title });
  return (
    <ProgramFeedCompositor
      layers={layers}
      participants={participants}
      session={session}
      flags={flags}
      publisher={controls}
    />
  );
}
