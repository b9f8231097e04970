import { isRtmpBroadcast, type VideoSessionSummary } from "@onstage/domain";
import type { Room } from "livekit-client";
import { useEffect, useMemo, useState } from "react";
import { useProgramScene } from "../program-scene/useProgramScene";
import { RealtimeProvider } from "../realtime/RealtimeProvider";
import { useRoom } from "../room-kit/useRoom";
import { encoderIdentity } from "../stage/livekit/stageParticipants";
import { useLivekitStage } from "../stage/livekit/useLivekitStage";
import type { StageParticipant } from "../stage/types";
import { EncoderProgram } from "./EncoderProgram";
import { egressJoin } from "./egressJoin";
import { egressRecorder } from "./egressRecorder";
import { FollowedRoom } from "./FollowedRoom";
import { useLivekitProgramPublisher } from "./livekitProgramPublisher";
import { ProgramCanvas } from "./ProgramCanvas";

/**
 * The program as LiveKit Egress records it: the stage from the room Egress names (with its token), drawn
 * on the same canvas the recorder view draws, with the Q&A card once the page signed in as the session's
 * recorder (useEgressSignIn). Loaded lazily: it brings livekit-client and the egress SDK.
 */
export default function EgressProgram(props: {
  title: string;
  session: VideoSessionSummary;
  eventCode: string;
  isSignedIn: boolean;
}) {
  const join = useMemo(() => egressJoin(new URLSearchParams(window.location.search)), []);
  const startRecording = useMemo(() => egressRecorder(), []);
  const [room, setRoom] = useState<Room | null>(null);
  // An RTMP session's program is its encoder (LiveKit Ingress's participant), not the people's stage.
  const encoder = isRtmpBroadcast(props.session.broadcastType)
    ? encoderIdentity(props.session.id)
    : undefined;
  const participants = useLivekitStage(join, {
    only: encoder,
    onConnected: setRoom,
    // Egress keeps the page's console in its logs: the operator finds the failure there.
    onError: (message) => console.error(`egress template: ${message}`),
  });
  useEffect(() => {
    if (!room) return;
    // The canvas draws on animation frames: the next one holds the stage.
    const frame = requestAnimationFrame(() => startRecording(room));
    return () => cancelAnimationFrame(frame);
  }, [room, startRecording]);
  if (encoder) return <EncoderProgram encoder={participants[0] ?? null} title={props.title} />;
  if (!props.isSignedIn) return <ProgramWithoutRoom title={props.title} participants={participants} />;
  return (
    <RealtimeProvider>
      <ProgramWithCard {...props} participants={participants} />
    </RealtimeProvider>
  );
}

/** Issue 12: the question on stage comes with the room's session and its topic, as in the room. */
function ProgramWithCard(props: {
  title: string;
  session: VideoSessionSummary;
  eventCode: string;
  participants: readonly StageParticipant[];
}) {
  const room = useRoom(props.session.id);
  const { participants, title } = props;
  // Issue 27: the program also goes to the room's viewer places, as the program participant.
  const publisher = useLivekitProgramPublisher(props.session.id, true);
  const [stream, setStream] = useState<MediaStream | null>(null);
  useEffect(() => {
    if (!publisher || !stream) return;
    publisher
      .publishProgram(stream)
      .catch((err: unknown) => console.error(`egress template: publishing the program failed: ${err}`));
  }, [publisher, stream]);
  const layers = useProgramScene({
    participants,
    sessionId: props.session.id,
    room: room.data?.session ?? null,
    title,
  });
  return (
    <>
      {room.data && <FollowedRoom room={room.data} eventCode={props.eventCode} />}
      <ProgramCanvas layers={layers} participants={participants} onStream={setStream} />
    </>
  );
}

/** Before the page signs in as the recorder: the stage alone. */
function ProgramWithoutRoom(props: { title: string; participants: readonly StageParticipant[] }) {
  const layers = useProgramScene({ ...props, sessionId: null, room: null });
  return <ProgramCanvas layers={layers} participants={props.participants} />;
}
