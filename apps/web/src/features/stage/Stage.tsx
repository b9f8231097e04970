import type { MediaRoomJoin, RoomResponse, ViewerFlags } from "@onstage/domain";
import { useEffect, useState } from "react";
import { failureText } from "../../api";
import { Button } from "../../ui/Button";
import { useMe } from "../account/useMe";
import { useRecordMostTiles } from "../host-feedback/mostTiles";
import {
  ProgramFeedCompositor,
  type ProgramFeedCompositorProps,
} from "../program-feed/ProgramFeedCompositor";
import { useProgramScene } from "../program-scene/useProgramScene";
import { DevicePreview } from "./DevicePreview";
import { useLivekitStage } from "./livekit/useLivekitStage";
import { MaxTileBanner } from "./MaxTileBanner";
import { StageView } from "./StageView";
import { joinStage } from "./stageApi";
import { useEmbeddedStage } from "./useEmbeddedStage";
import "./stage.css";

// Issue 11 §2: the live stage for the people who may go on it (showsStage): the device preview, then the
// stage through the media room the server names.

export interface StageProps {
  room: RoomResponse;
  flags: ViewerFlags;
  /** The event's title, for the program feed's slate. */
  title: string;
  /** Told before this tab joins the stage and after it leaves: one media-room place per tab. */
  onStageChange: (isOnStage: boolean) => void;
}

type Phase =
  | { kind: "preview"; error: string | null }
  | { kind: "on"; join: MediaRoomJoin; camera: MediaStream };

export function Stage({ room, flags, title, onStageChange }: StageProps) {
  const { user } = useMe();
  const [phase, setPhase] = useState<Phase>({ kind: "preview", error: null });
  const { session } = room;
  const isOn = phase.kind === "on";
  useEffect(() => {
    onStageChange(isOn);
    return () => onStageChange(false);
  }, [isOn, onStageChange]);
  if (!user) return null;
  if (phase.kind === "preview") {
    return (
      <div className="stage">
        <h2 className="stage__title">{session.state === "greenroom" ? "Greenroom" : "Stage"}</h2>
        <DevicePreview
          onJoin={(camera) => {
            // The program feed's watching place in this tab leaves before the stage place is taken.
            onStageChange(true);
            joinStage(session.id, session.eventId).then(
              (join) => setPhase({ kind: "on", join, camera }),
              (err: unknown) => {
                onStageChange(false);
                for (const track of camera.getTracks()) track.stop();
                setPhase({ kind: "preview", error: failureText(err) });
              },
            );
          }}
        />
        {phase.error && <p role="alert">{phase.error}</p>}
      </div>
    );
  }
  const leave = () => setPhase({ kind: "preview", error: null });
  const program = { session, flags, title };
  return phase.join.provider === "embedded" ? (
    <EmbeddedStage
      sessionId={session.id}
      userId={user.id}
      camera={phase.camera}
      onLeave={leave}
      program={program}
    />
  ) : (
    <LivekitStage join={phase.join} camera={phase.camera} onLeave={leave} program={program} />
  );
}

/** The stage on the operator's LiveKit: livekit-client captures the devices itself. */
function LivekitStage(props: {
  join: Extract<MediaRoomJoin, { provider: "livekit" }>;
  camera: MediaStream;
  onLeave: () => void;
  program: ProgramProps;
}) {
  const [error, setError] = useState<string | null>(null);
  const [isSharing, setSharing] = useState(false);
  const participants = useLivekitStage(props.join, { screen: isSharing, onError: setError });
  useRecordMostTiles(props.program.session.id, participants);
  const { session, title } = props.program;
  const layers = useProgramScene({ participants, sessionId: session.id, room: session, title });
  const { camera } = props;
  useEffect(() => {
    for (const track of camera.getTracks()) track.stop();
  }, [camera]);
  return (
    <div className="stage">
      {error && <p role="alert">{error}</p>}
      <ProgramFeedCompositor layers={layers} participants={participants} {...props.program} />
      <MaxTileBanner participants={participants} flags={props.program.flags} />
      <StageView participants={participants} layers={layers} />
      <StageControls onLeave={props.onLeave}>
        <Button variant="secondary" onClick={() => setSharing(!isSharing)}>
          {isSharing ? "Stop sharing" : "Share screen"}
        </Button>
      </StageControls>
    </div>
  );
}

/**
 * What a host's stage needs to also send the program feed (ProgramFeedCompositor shows it to hosts
 * only), with the event's title for the program scene.
 */
type ProgramProps = Omit<ProgramFeedCompositorProps, "participants" | "layers"> & { title: string };

function EmbeddedStage(props: {
  sessionId: number;
  userId: number;
  camera: MediaStream;
  onLeave: () => void;
  program: ProgramProps;
}) {
  const { camera } = props;
  const stage = useEmbeddedStage(props.sessionId, props.userId, { camera });
  useRecordMostTiles(props.sessionId, stage.participants);
  const { session, title } = props.program;
  const layers = useProgramScene({
    participants: stage.participants,
    sessionId: session.id,
    room: session,
    title,
  });
  // Off stage (left, or the stage closed under us) the camera and microphone are released.
  useEffect(
    () => () => {
      for (const track of camera.getTracks()) track.stop();
    },
    [camera],
  );
  const me = stage.participants.find((p) => p.isLocal);
  const { controls } = stage;
  const shareScreen = async () => {
    if (!controls) return;
    if (me?.screen) return controls.shareScreen(null);
    const screen = await navigator.mediaDevices.getDisplayMedia({ video: true }).catch(() => null);
    if (!screen) return;
    screen.getVideoTracks()[0]?.addEventListener("ended", () => void controls.shareScreen(null));
    await controls.shareScreen(screen);
  };
  return (
    <div className="stage">
      {stage.error && <p role="alert">{stage.error}</p>}
      {stage.closed && <p role="status">You are no longer on stage.</p>}
      <ProgramFeedCompositor
        layers={layers}
        participants={stage.participants}
        publisher={controls}
        {...props.program}
      />
      <MaxTileBanner participants={stage.participants} flags={props.program.flags} />
      <StageView participants={stage.participants} layers={layers} />
      <StageControls onLeave={props.onLeave}>
        <PressedButton
          isPressed={me?.audioMuted ?? false}
          disabled={!controls || !me}
          onToggle={(muted) => controls?.setAudioMuted(muted)}
          labels={["Mute", "Unmute"]}
        />
        <PressedButton
          isPressed={me?.videoMuted ?? false}
          disabled={!controls || !me}
          onToggle={(muted) => controls?.setVideoMuted(muted)}
          labels={["Camera off", "Camera on"]}
        />
        <Button variant="secondary" disabled={!controls || !me} onClick={() => void shareScreen()}>
          {me?.screen ? "Stop sharing" : "Share screen"}
        </Button>
      </StageControls>
    </div>
  );
}

/** The stage's toolbar: the media room's own buttons, then Leave stage. */
function StageControls({ children, onLeave }: { children: React.ReactNode; onLeave: () => void }) {
  return (
    <div className="stage__controls" role="toolbar" aria-label="Stage controls">
      {children}
      <Button variant="ghost" onClick={onLeave}>
        Leave stage
      </Button>
    </div>
  );
}

/** A toggle whose label says what a press does: `labels` = [when not pressed, when pressed]. */
function PressedButton(props: {
  isPressed: boolean;
  disabled: boolean;
  onToggle: (pressed: boolean) => void;
  labels: [string, string];
}) {
  return (
    <Button
      variant="secondary"
      aria-pressed={props.isPressed}
      disabled={props.disabled}
      onClick={() => props.onToggle(!props.isPressed)}
    >
      {props.labels[props.isPressed ? 1 : 0]}
    </Button>
  );
}
