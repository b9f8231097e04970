import {
  type EventPageData,
  type RoomResponse,
  type SessionScreenKind,
  type SessionState,
  sessionScreen,
  type ViewerFlags,
} from "@onstage/domain";
import { useRef } from "react";
import { Link, useSearchParams } from "wouter";
import { EventTime } from "../../lib/EventTime";
import { Badge } from "../../ui/Badge";
import { Button } from "../../ui/Button";
import { EmptyState } from "../../ui/EmptyState";
import { Spinner } from "../../ui/Spinner";
import { useMe } from "../account/useMe";
import { CreateClipButton } from "../clips/CreateClipButton";
import { useReplayVideo } from "../clips/clipsRoom";
import { Countdown } from "../landing/Countdown";
import { SessionAgenda } from "../lobby/SessionAgenda";
import { useLiveUsers } from "../people/useLiveUsers";
import { seesStage } from "../stage/seesStage";
import type { AudienceDelivery } from "./audienceDelivery";
import { clipStartTime } from "./hlsConfig";
import { LiveSwitch } from "./LiveSwitch";
import { useAwaitedPlayer, useShownSessionState } from "./ProgramClock";
import { usePlayback } from "./playbackApi";
import { RealtimeVideo } from "./RealtimeVideo";
import type { PlayerSource } from "./useHlsPlayer";
import { VideoPlayer } from "./VideoPlayer";
import "./player.css";

export interface SessionScreenProps {
  data: EventPageData;
  room: RoomResponse;
  flags: ViewerFlags;
  /** Issue 27: how this viewer watches the live broadcast (HLS when not given: an RTMP room). */
  audience?: AudienceDelivery;
}

const OFF_AIR_SCREENS: ReadonlySet<SessionScreenKind> = new Set(["before_start", "greenroom", "thank_you"]);

/** The screen depends on the stream: live for the audience, the recording for everyone afterwards. */
function needsPlayback(state: SessionState, isStageMember: boolean): boolean {
  return state === "postevent" || state === "ended" || (state === "broadcasting" && !isStageMember);
}

/**
 * Spec 2 §2: the stage area for a viewer who is not on stage, by session state (domain sessionScreen):
 * the countdown before the start, the greenroom screen, the live player, the replay or a thank-you.
 * ?useHLS shows a stage member the audience's player; ?useWebRTC keeps them on the stage.
 */
export function SessionScreen({ data, room, flags, audience }: SessionScreenProps) {
  const [searchParams] = useSearchParams();
  const { user } = useMe();
  const { session } = room;
  const isStageMember = seesStage(flags, session, searchParams);
  // Issue 23 §3.2: after End a live viewer is shown the broadcast until their picture reaches its end.
  const state = useShownSessionState(session.state);
  const lastLive = useRef<PlayerSource | null>(null);
  const replayVideo = useReplayVideo();
  const isNeeded = needsPlayback(state, isStageMember);
  const playback = usePlayback(session.id, isNeeded);
  useAwaitedPlayer(isNeeded && playback.isPending);
  if (isNeeded) {
    if (playback.isPending) return <Spinner label="Loading the video…" />;
    if (playback.isError) {
      return (
        <EmptyState
          title="An error occurred"
          actions={<Button onClick={() => void playback.refetch()}>Retry</Button>}
        >
          The video could not be loaded.
        </EmptyState>
      );
    }
  }
  const answer = playback.data ?? null;
  const screen: SessionScreenKind = sessionScreen({
    state,
    isStageMember,
    streamState: answer?.stream?.activeState ?? null,
    hasRecording: answer?.vodUrl != null,
  });
  const channel = data.event.organization;
  // Spec 2 §2, §4: a lobby-type session shows the lobby (the event's agenda) whenever it is not on air.
  if (session.sessionType === "lobby" && OFF_AIR_SCREENS.has(screen)) {
    return (
      <ScreenCard title="Lobby">
        <SessionAgenda data={data} currentSessionId={session.id} />
      </ScreenCard>
    );
  }
  const liveCount = room.liveCount !== null && (
    <ViewerCount sessionId={session.id} initial={room.liveCount} />
  );
  // Spec 2 §5: live and replay viewers clip from the player too, when they may.
  const clipButton = <CreateClipButton event={data.event} room={room} flags={flags} place="player" />;
  // The live player, by this viewer's delivery: one structure for the live screen and the held End.
  const live = (source: PlayerSource) => (
    <LiveSwitch
      delivery={user && audience ? audience.delivery : "hls"}
      render={(delivery, onPlaying) =>
        delivery === "webrtc" && user && audience ? (
          <RealtimeVideo
            sessionId={session.id}
            eventId={session.eventId}
            userId={user.id}
            badges={<LiveBadges count={liveCount} />}
            tools={clipButton}
            onPlaying={onPlaying}
            onFailed={audience.fallBack}
          />
        ) : (
          <LiveVideo
            source={source}
            sessionId={session.id}
            badges={<LiveBadges count={liveCount} />}
            tools={clipButton}
            onPlaying={onPlaying}
          />
        )
      }
    />
  );
  // The ended stream has no live URL any more: the player plays on what it had, to its last frame.
  if (state !== session.state && lastLive.current) return live(lastLive.current);
  switch (screen) {
    case "before_start":
      return <BeforeStartScreen data={data} sessionId={session.id} />;
    case "greenroom":
      return <ScreenCard title="The session starts soon">Stay here: the video starts on its own.</ScreenCard>;
    case "live":
      if (!answer?.liveUrl) return <ScreenCard title="The session starts soon" />;
      lastLive.current = {
        key: `live:${answer.stream?.id}`,
        url: answer.liveUrl,
        fallbackUrl: answer.fallbackUrl,
        kind: "live",
        startAt: 0,
      };
      return live(lastLive.current);
    case "replay":
      if (!answer?.vodUrl) return null;
      return (
        <VideoPlayer
          label="Replay"
          sessionId={session.id}
          videoRef={replayVideo ?? undefined}
          tools={clipButton}
          source={{
            key: `vod:${answer.stream?.id}`,
            url: answer.vodUrl,
            fallbackUrl: null,
            kind: "vod",
            startAt: clipStartTime(searchParams.get("clip_start_time")),
          }}
        />
      );
    case "thank_you":
      return (
        <ScreenCard title="Thank you for joining">
          <p>This session has ended.</p>
          <Link to={`/@${channel.channelName}`}>More from {channel.name}</Link>
        </ScreenCard>
      );
    case "stage":
      // The room shows stage members the Stage in this place (seesStage).
      return null;
  }
}

function LiveVideo(props: {
  source: PlayerSource;
  sessionId: number;
  badges: React.ReactNode;
  tools: React.ReactNode;
  onPlaying?: () => void;
}) {
  return <VideoPlayer label="Live video" {...props} />;
}

function LiveBadges({ count }: { count: React.ReactNode }) {
  return (
    <>
      <Badge tone="danger">LIVE</Badge>
      {/* Spec 2 §6: the live count is for the team; the room answers null to everyone else. */}
      {count}
    </>
  );
}

function ScreenCard({ title, children }: { title: string; children?: React.ReactNode }) {
  return (
    <section className="session-screen" aria-label={title}>
      <h2 className="session-screen__title">{title}</h2>
      {children && <div className="session-screen__text">{children}</div>}
    </section>
  );
}

function BeforeStartScreen({ data, sessionId }: { data: EventPageData; sessionId: number }) {
  const summary = data.sessions.find((s) => s.id === sessionId);
  return (
    <ScreenCard title={summary?.title || data.event.title}>
      {summary && (
        <>
          <p>
            Starts <EventTime iso={summary.timeScheduled} eventTimeZone={data.event.timezone} format="full" />
          </p>
          <Countdown startIso={summary.timeScheduled} />
        </>
      )}
    </ScreenCard>
  );
}

function ViewerCount({ sessionId, initial }: { sessionId: number; initial: number }) {
  const live = useLiveUsers(sessionId);
  return <Badge>{live.data?.liveCount ?? initial} watching</Badge>;
}
