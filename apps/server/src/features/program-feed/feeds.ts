import { GO_LIVE_COUNTDOWN_START_SECONDS, type SessionStream } from "@onstage/domain";
import type { WebSocket } from "ws";
import { withOutbox } from "../../platform/realtime/outbox";
import type { RecordingChange, SessionStateChange } from "../broadcast/lifecycle";
import { countdownLeftMs, findLiveStream, markStreamOnAir, setStreamVodUrl } from "../broadcast/streams";
import type { FeatureDeps } from "../deps";
import { type CompositorHandler, sendStatus } from "./compositor-socket";
import { LIVE_PLAYLIST, VOD_PLAYLIST } from "./ffmpeg-args";
import { streamDir, unsignedUrl } from "./paths";
import { CompositorInput, ProgramPipeline } from "./pipeline";

// The program feeds of this node: one pipeline per broadcasting session, its compositor (at most one:
// a second takes over), and the session's lifecycle driving both.

interface Feed {
  sessionId: number;
  streamId: number;
  pipeline: ProgramPipeline;
  compositor: { socket: WebSocket; input: CompositorInput } | null;
}

export class ProgramFeeds implements CompositorHandler {
  private readonly feeds = new Map<number, Feed>();

  constructor(
    private readonly deps: FeatureDeps,
    private readonly ffmpegPath: string,
    private readonly mediaDir: string,
  ) {}

  connect(socket: WebSocket, sessionId: number, stream: SessionStream, mimeType: string): void {
    // Chunks arriving while the feed is set up wait in the input, in order, for its ffmpeg.
    const input = new CompositorInput();
    socket.on("message", (data, isBinary) => {
      if (!isBinary) return;
      const chunk = Buffer.isBuffer(data) ? data : Buffer.concat(data as Buffer[]);
      if (input.write(chunk)) return;
      sendStatus(socket, { status: "error", message: "ffmpeg cannot keep up with this feed" });
      socket.close(1009, "backlog");
    });
    void this.feedOf(sessionId, stream).then(
      (feed) => {
        if (socket.readyState !== socket.OPEN) return;
        if (!feed || this.feeds.get(sessionId) !== feed) {
          // The stream left the air while this compositor was being set up.
          sendStatus(socket, { status: "ended" });
          socket.close(1000, "ended");
          return;
        }
        const previous = feed.compositor;
        if (previous) {
          sendStatus(previous.socket, { status: "replaced" });
          previous.socket.close(1000, "replaced");
        }
        feed.pipeline.useCompositor(mimeType, input);
        feed.compositor = { socket, input };
        socket.on("close", () => {
          if (feed.compositor?.socket === socket) feed.compositor = null;
          feed.pipeline.compositorLeft(input);
        });
        sendStatus(socket, { status: "accepted" });
        if (feed.pipeline.isLive) sendStatus(socket, { status: "live" });
      },
      (err) => {
        this.deps.log.error({ err, sessionId }, "program feed: starting the feed failed");
        sendStatus(socket, { status: "error", message: "the feed could not start" });
        socket.close(1011, "internal");
      },
    );
  }

  /** Leaving broadcasting ends the session's feed; a recording change reaches its pipeline. */
  onSessionState = (change: SessionStateChange): void => {
    if (change.from === "broadcasting" && change.to !== "broadcasting") void this.end(change.sessionId);
  };

  onRecording = (change: RecordingChange): void => {
    const feed = this.feeds.get(change.sessionId);
    if (feed?.streamId === change.stream.id) feed.pipeline.setRecording(change.stream.isRecording);
  };

  async end(sessionId: number): Promise<void> {
    const feed = this.feeds.get(sessionId);
    if (!feed) return;
    this.feeds.delete(sessionId);
    if (feed.compositor) {
      sendStatus(feed.compositor.socket, { status: "ended" });
      feed.compositor.socket.close(1000, "ended");
    }
    await feed.pipeline.stop();
  }

  async stopAll(): Promise<void> {
    await Promise.all([...this.feeds.keys()].map((sessionId) => this.end(sessionId)));
  }

  /** The session's feed for this stream; a feed of an older stream of the session ends first. */
  private async feedOf(sessionId: number, stream: SessionStream): Promise<Feed | null> {
    const current = this.feeds.get(sessionId);
    if (current?.streamId === stream.id) return current;
    if (current) await this.end(sessionId);
    const slateColour = await this.brandColour(sessionId);
    // End live may have come between the upgrade and now: no pipeline for a stream off the air.
    if ((await findLiveStream(this.deps.db, sessionId))?.id !== stream.id) return null;
    // Another compositor of the session got here first meanwhile: its feed is the one.
    if (this.feeds.has(sessionId)) return this.feedOf(sessionId, stream);
    const pipeline = new ProgramPipeline({
      ffmpegPath: this.ffmpegPath,
      dir: streamDir(this.mediaDir, sessionId, stream.id),
      recording: stream.isRecording,
      slateColour,
      log: this.deps.log,
    });
    const feed: Feed = { sessionId, streamId: stream.id, pipeline, compositor: null };
    this.feeds.set(sessionId, feed);
    this.listen(feed);
    return feed;
  }

  /** The stream row follows the pipeline, one update after the other (as the topic must hear them). */
  private listen(feed: Feed): void {
    const { sessionId, streamId, pipeline } = feed;
    let updates: Promise<unknown> = Promise.resolve();
    const update = (work: Parameters<typeof withOutbox>[2], then: () => void = () => undefined) => {
      updates = updates
        .then(() => withOutbox(this.deps.db, this.deps.realtime, work))
        .then(then)
        .catch((err) => this.deps.log.error({ err, sessionId }, "program feed: stream update failed"));
    };
    const goOnAir = () =>
      update(
        (tx, outbox) =>
          markStreamOnAir(tx, outbox, streamId, {
            livePlaybackUrl: unsignedUrl(sessionId, streamId, LIVE_PLAYLIST),
            vodPlaybackUrl: null,
          }),
        () => {
          if (feed.compositor) sendStatus(feed.compositor.socket, { status: "live" });
        },
      );
    // On air once the host's countdown is over; a stream ended meanwhile is no longer in countdown, and
    // markStreamOnAir leaves it alone.
    pipeline.on("live", () => {
      countdownLeftMs(this.deps.db, streamId, GO_LIVE_COUNTDOWN_START_SECONDS * 1_000).then(
        (left) => (left > 0 ? setTimeout(goOnAir, left).unref() : goOnAir()),
        (err: unknown) => this.deps.log.error({ err, sessionId }, "program feed: countdown unknown"),
      );
    });
    pipeline.on("recorded", () =>
      update((tx, outbox) =>
        setStreamVodUrl(tx, outbox, streamId, unsignedUrl(sessionId, streamId, VOD_PLAYLIST)),
      ),
    );
    pipeline.on("sourceFailed", (message) => {
      if (!feed.compositor) return;
      sendStatus(feed.compositor.socket, { status: "error", message });
      feed.compositor.socket.close(1011, "ffmpeg failed");
    });
  }

  /** The session's primary colour (spec 3 §3) for the slate, when it has one. */
  private async brandColour(sessionId: number): Promise<string | null> {
    const [row] = await this.deps.db.query<{ value: string }>(
      `SELECT value FROM custom_elements WHERE video_session_id = $1 AND type = 'primary_color'
        ORDER BY id DESC LIMIT 1`,
      [sessionId],
    );
    return row?.value ?? null;
  }
}
