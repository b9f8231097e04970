// Browser-test entry (e2e/player.e2e.ts bundles it with esbuild and serves it from the app's files): the
// program-feed compositor and the session screens, rendered alone so a test can drive them with real
// media. Nothing here is part of the app's bundle.
import type {
  ChatMessage,
  EventPageData,
  PlaybackResponse,
  QaStageCard,
  RoomResponse,
} from "@onstage/domain";
import { programScene, viewerFlags } from "@onstage/domain";
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { flushSync } from "react-dom";
import { createRoot, type Root } from "react-dom/client";
import { Router } from "wouter";
import { memoryLocation } from "wouter/memory-location";
import { ChatHistory } from "../src/features/chat/ChatHistory";
import type { ChatController } from "../src/features/chat/useChat";
import { ProgramClockProvider, useProgramClock } from "../src/features/player/ProgramClock";
import { fetchPlayback, playbackKeys } from "../src/features/player/playbackApi";
import { SessionScreen } from "../src/features/player/SessionScreen";
import { VideoPlayer } from "../src/features/player/VideoPlayer";
import { composeProgramFeed, type ProgramFeed } from "../src/features/program-feed/composeProgramFeed";
import {
  type FeedStatus,
  pickRecorderMimeType,
  sendProgramFeed,
} from "../src/features/program-feed/sendProgramFeed";
import { RealtimeClient } from "../src/features/realtime/RealtimeClient";
import { EmbeddedStageConnection, type StageSnapshot } from "../src/features/stage/embeddedConnection";
import { StageView } from "../src/features/stage/StageView";
import { stageTiles } from "../src/features/stage/tiles";
import type { StageParticipant } from "../src/features/stage/types";
import { CLOCK_HEIGHT, CLOCK_WIDTH, drawClock, readClock } from "./clockCode";
import "../src/ui/base.css";

function ProgramDate() {
  const { programDateMs } = useProgramClock();
  return <output data-testid="program-date">{programDateMs ?? ""}</output>;
}

/** A loaded chat, as the room's chat panel holds it. */
function StaticChat({ messages, flags }: { messages: ChatMessage[]; flags: ReturnType<typeof viewerFlags> }) {
  const state = { status: "ready", messages, hasMore: false, deletedIds: new Set<number>() } as const;
  // Every message is loaded already: the replay's page loads have nothing to add.
  const loaded = async () => {};
  const chat = { state, retry: loaded, loadOlder: loaded, replayUpTo: loaded } as unknown as ChatController;
  return <ChatHistory chat={chat} viewer={{ userId: 2, emailVerified: true, flags }} onReact={() => {}} />;
}

interface SessionScreenInput {
  data: EventPageData;
  room: RoomResponse;
  playback: PlaybackResponse;
  url: string;
  chat?: ChatMessage[];
}

let shown: { root: Root; queryClient: QueryClient; input: SessionScreenInput } | null = null;

/** The stage area as a guest sees it, with the playback answer the server would give (and a chat). */
function renderSessionScreen(input: SessionScreenInput) {
  const queryClient = new QueryClient({
    defaultOptions: { queries: { staleTime: Number.POSITIVE_INFINITY } },
  });
  const container = document.getElementById("root");
  if (!container) throw new Error("no #root");
  shown = { root: createRoot(container), queryClient, input };
  drawSessionScreen();
}

function drawSessionScreen() {
  if (!shown) throw new Error("renderSessionScreen first");
  const { root, queryClient, input } = shown;
  queryClient.setQueryData(playbackKeys.playback(input.room.session.id), input.playback);
  const flags = viewerFlags({ userId: 2, eventRole: "guest", orgRole: null }, input.room.session.id);
  root.render(
    <QueryClientProvider client={queryClient}>
      <Router hook={memoryLocation({ path: input.url }).hook}>
        <ProgramClockProvider
          state={input.room.session.state}
          seesStage={false}
          endedAt={input.room.session.timeBroadcastEnd}
        >
          <main>
            <h1>{input.data.event.title}</h1>
            <SessionScreen data={input.data} room={input.room} flags={flags} />
            <ProgramDate />
            {input.chat && <StaticChat messages={input.chat} flags={flags} />}
          </main>
        </ProgramClockProvider>
      </Router>
    </QueryClientProvider>,
  );
}

/**
 * The host's End as the room hears it: the session topic's new state (postevent, its end time) and the
 * playback answer the stream's change fetches again (the stream ended, no live URL).
 */
function endSession(playback: PlaybackResponse) {
  if (!shown) throw new Error("renderSessionScreen first");
  const { room } = shown.input;
  const session = {
    ...room.session,
    state: "postevent" as const,
    timeBroadcastEnd: new Date().toISOString(),
  };
  shown.input = { ...shown.input, room: { ...room, session }, playback };
  // At once, as a test reads the screen right after.
  flushSync(drawSessionScreen);
}

const now = () => performance.timeOrigin + performance.now();

/** The wall clock as a stage participant: a canvas redrawn 60 times a second. */
function clockParticipant() {
  const clock = document.createElement("canvas");
  clock.width = CLOCK_WIDTH;
  clock.height = CLOCK_HEIGHT;
  const ctx = clock.getContext("2d");
  if (!ctx) throw new Error("no 2D context");
  const draw = () => drawClock(ctx, Math.round(now()));
  draw();
  window.setInterval(draw, 1000 / 60);
  return {
    userId: 1,
    name: "Clock",
    isLocal: true,
    media: clock.captureStream(60),
    screen: null,
    audioMuted: false,
    videoMuted: false,
  };
}

const CLOCK_BRAND = { color: "#EC5F3E", title: "Latency" };

type HarnessBrand = { color: string; title: string };

/** The program scene of these people on stage, as a composing page builds it, with a brand and a card. */
function sceneOf(participants: StageParticipant[], brand: HarnessBrand, question: QaStageCard | null) {
  return programScene({
    slateText: brand.title,
    brand: { color: brand.color, logoUrl: null, backgroundUrl: null },
    tiles: stageTiles(participants),
    title: null,
    question,
  });
}

function composeStageFeed(
  participants: StageParticipant[],
  brand: HarnessBrand,
  question: QaStageCard | null = null,
): ProgramFeed {
  return composeProgramFeed(sceneOf(participants, brand, question), participants);
}

/** The stage people on stage see, of the same scene, in a `width` x `height` box. */
function renderStage(
  participants: StageParticipant[],
  brand: HarnessBrand,
  question: QaStageCard | null,
  size: { width: number; height: number },
) {
  const container = document.getElementById("root");
  if (!container) throw new Error("no #root");
  flushSync(() =>
    createRoot(container).render(
      <div style={{ display: "flex", ...size }}>
        <StageView participants={participants} layers={sceneOf(participants, brand, question)} />
      </div>,
    ),
  );
}

/** The media room over a realtime connection of its own, as the signed-in user (`me`). */
async function mediaRoomAs(sessionId: number, onChange: (snapshot: StageSnapshot) => void) {
  const me = (await (await fetch("/api/me")).json()) as { user: { id: number } | null };
  if (!me.user) throw new Error("the harness page is not signed in");
  const userId = me.user.id;
  const client = new RealtimeClient({ fetchUserId: async () => userId });
  client.start(userId);
  await new Promise<void>((resolve) => (client.isConnected() ? resolve() : client.onConnect(resolve)));
  return new EmbeddedStageConnection(client, sessionId, userId, onChange, () => {});
}

/**
 * Bench, host side: the clock as the only participant, composed and sent like a host's tab does: to the
 * compositor socket (HLS) and, as the program, to the media room's viewer places (issue 27).
 */
function sendClockFeed(sessionId: number): { status: () => FeedStatus | null } {
  const feed = composeStageFeed([clockParticipant()], CLOCK_BRAND);
  let last: FeedStatus | null = null;
  sendProgramFeed({ stream: feed.stream, sessionId, onStatus: (s) => (last = s) });
  void mediaRoomAs(sessionId, () => {}).then(async (room) => {
    await room.join(null);
    await room.publishProgram(feed.stream);
  });
  return { status: () => last };
}

/** What bench:studio puts on air: every studio layer at once (spec 3 §3, §4) and a question card. */
interface StudioLayers {
  logoUrl: string;
  backgroundUrl: string;
}

const STUDIO_TITLE = { id: 1, title: "Dana Host", subtitle: "Head of product, Onstage" };
const STUDIO_QUESTION: QaStageCard = {
  questionId: 1,
  text: "How do the brand's logo and lower third reach the recording?",
  askedBy: "asked by Ada Guest",
};

/**
 * Bench, host side (bench:studio): the fake camera as the one person on stage, composed and sent like a
 * host's tab does; `layers` puts the brand, a title and a question card on air, or takes them off.
 */
async function sendStudioFeed(sessionId: number) {
  const media = await navigator.mediaDevices.getUserMedia({
    video: { width: 1280, height: 720 },
    audio: true,
  });
  const participants: StageParticipant[] = [
    {
      userId: 1,
      name: "Dana Host",
      isLocal: true,
      media,
      screen: null,
      audioMuted: false,
      videoMuted: false,
    },
  ];
  const scene = (on: StudioLayers | null) =>
    programScene({
      slateText: "Studio",
      brand: { color: "#1F6FEB", logoUrl: on?.logoUrl ?? null, backgroundUrl: on?.backgroundUrl ?? null },
      tiles: stageTiles(participants),
      title: on ? STUDIO_TITLE : null,
      question: on ? STUDIO_QUESTION : null,
    });
  const feed = composeProgramFeed(scene(null), participants);
  let last: FeedStatus | null = null;
  sendProgramFeed({ stream: feed.stream, sessionId, onStatus: (s) => (last = s) });
  Object.assign(window, {
    studioFeed: {
      status: () => last,
      layers: (on: StudioLayers | null) => feed.update(scene(on), participants),
    },
  });
}

/** The bench's decoder against the compositor's own canvas: the time read and the time now. */
async function readComposedClock(): Promise<{ readMs: number; nowMs: number }> {
  const feed = composeStageFeed([clockParticipant()], CLOCK_BRAND);
  await new Promise((r) => setTimeout(r, 1_000));
  const ctx = feed.canvas.getContext("2d");
  const readMs = ctx ? readClock(ctx.getImageData(0, 0, feed.canvas.width, feed.canvas.height)) : Number.NaN;
  const nowMs = now();
  feed.stop();
  return { readMs, nowMs };
}

/** The clock read off the video on screen at new frames, `count` times, a second apart at least. */
async function sampleClock(count: number): Promise<number[]> {
  const canvas = document.createElement("canvas");
  const samples: number[] = [];
  let lastRead = 0;
  await new Promise<void>((resolve) => {
    const onFrame = () => {
      const video = document.querySelector("video");
      if (!video) return window.setTimeout(onFrame, 100);
      video.requestVideoFrameCallback(() => {
        const shownAt = now();
        canvas.width = video.videoWidth;
        canvas.height = video.videoHeight;
        const ctx = canvas.getContext("2d", { willReadFrequently: true });
        ctx?.drawImage(video, 0, 0);
        const drawnAt = ctx ? readClock(ctx.getImageData(0, 0, canvas.width, canvas.height)) : Number.NaN;
        // A new, plausible reading (the last minute), at most one a second so samples spread out.
        if (Math.abs(shownAt - drawnAt) < 60_000 && drawnAt - lastRead >= 1_000) {
          lastRead = drawnAt;
          samples.push(shownAt - drawnAt);
        }
        if (samples.length >= count) resolve();
        else onFrame();
      });
    };
    onFrame();
  });
  return samples;
}

/**
 * Bench, viewer side (issue 27): the program from a viewer place over WebRTC, as a small room's
 * audience gets it, sampled like the HLS player.
 */
async function measureRealtimeGlassToGlass(sessionId: number, count: number): Promise<number[]> {
  const container = document.getElementById("root");
  if (!container) throw new Error("no #root");
  const video = document.createElement("video");
  video.muted = true;
  video.autoplay = true;
  video.playsInline = true;
  container.append(video);
  const room = await mediaRoomAs(sessionId, (snapshot) => {
    const program = snapshot.participants[0]?.media ?? null;
    if (video.srcObject !== program) video.srcObject = program;
  });
  await room.join(null, { view: true });
  return sampleClock(count);
}

/** Bench, viewer side: the live player as the audience gets it, sampled `count` times on new frames. */
async function measureGlassToGlass(sessionId: number, count: number): Promise<number[]> {
  let liveUrl: string | null = null;
  for (let tries = 0; tries < 120 && liveUrl === null; tries++) {
    liveUrl = (await fetchPlayback(sessionId)).liveUrl;
    if (liveUrl === null) await new Promise((r) => setTimeout(r, 500));
  }
  if (liveUrl === null) throw new Error("the playback answer never had a live URL");
  const container = document.getElementById("root");
  if (!container) throw new Error("no #root");
  createRoot(container).render(
    <ProgramClockProvider state="broadcasting" seesStage={false} endedAt={null}>
      <VideoPlayer
        label="Live video"
        source={{ key: "live", url: liveUrl, fallbackUrl: null, kind: "live", startAt: 0 }}
      />
    </ProgramClockProvider>,
  );
  return sampleClock(count);
}

Object.assign(window, {
  onstageHarness: {
    endSession,
    composeProgramFeed: composeStageFeed,
    renderStage,
    pickRecorderMimeType,
    renderSessionScreen,
    sendClockFeed,
    sendStudioFeed,
    readComposedClock,
    measureGlassToGlass,
    measureRealtimeGlassToGlass,
  },
});
