import type { IncomingMessage } from "node:http";
import type { Socket } from "node:net";
import { type CompositorStatus, GO_LIVE_COUNTDOWN_START_SECONDS, type SessionStream } from "@onstage/domain";
import type { RecordingChange, SessionStateChange } from "../../kernel/broadcast/lifecycle";
import {
  countdownLeftMs,
  findLiveStream,
  markStreamOnAir,
  setStreamVodUrl,
} from "../../kernel/broadcast/streams";
import { LIVE_PLAYLIST, VOD_PLAYLIST } from "../../media/ffmpeg-args";
import { streamDir, streamKeyPrefix, unsignedUrl } from "../../media/hls-paths";
import type { LowLatencyStreams } from "../../media/ll-hls/streams";
import { withOutbox } from "../../platform/realtime/outbox";
import type { S3StorageConfig } from "../../platform/storage/s3";
import type { FeatureDeps } from "../deps";
import type { CompositorHandler } from "./compositor-socket";
import { MediaProcess } from "./media-process";
import type { FromMedia, ToMedia } from "./media-protocol";
import { findPrimaryColour } from "./queries";

// The program feeds of this node: one pipeline per broadcasting session and its compositor (at most
// one: a second takes over), both held by the media process; the session's lifecycle and the stream's
// row are driven from here.

/**
 * Issue 23 §1.3: a media process that dies is replaced at once with every feed it held, this many
 * times a minute; a process that keeps dying is not restarted in a loop (the feeds are dropped, and
 * the compositors' reconnects start them afresh).
 */
const MEDIA_RESTARTS_PER_MINUTE = 5;

interface Feed {
  sessionId: number;
  streamId: number;
  /** The compositor's connection in the media process. */
  compositor: number | null;
  /** A segment was written since the pipeline started. */
  live: boolean;
  /** Its recording has a segment: when the feed ends, the recording is ready. */
  recorded: boolean;
  /** The stream row's updates, one after the other (as the topic must hear them). */
  updates: Promise<unknown>;
  /** What opened its pipeline: a new media process is told it again. */
  opening: Extract<ToMedia, { kind: "open" }>;
}

export class ProgramFeeds implements CompositorHandler {
  private readonly feeds = new Map<number, Feed>();
  /** Admitted compositors that have not said hello yet, with what they were admitted for. */
  private readonly admitted = new Map<number, { sessionId: number; stream: SessionStream }>();
  /** Compositors that said hello and are still connected. */
  private readonly open = new Set<number>();
  /** Feeds being ended, answered by the media process's "ended" (or its exit). */
  private readonly ending = new Map<number, () => void>();
  private readonly media: MediaProcess;
  /** When the media process was last restarted with its feeds (MEDIA_RESTARTS_PER_MINUTE). */
  private restarts: number[] = [];
  private isStopping = false;

  constructor(
    private readonly deps: FeatureDeps,
    private readonly ffmpegPath: string,
    private readonly mediaDir: string,
    /** With S3_* set, each stream's directory is mirrored to the bucket (under the secret's prefix). */
    private readonly bucket: { s3: S3StorageConfig; mediaSecret: string } | null,
    /** Where the media route finds the LL-HLS streams; null when the files are served from the bucket. */
    private readonly lowLatency: LowLatencyStreams,
  ) {
    this.media = new MediaProcess(deps.log);
    this.media.on("message", (message) => this.onMedia(message));
    this.media.on("exit", () => this.mediaGone());
  }

  takeOver(
    req: IncomingMessage,
    socket: Socket,
    head: Buffer,
    sessionId: number,
    stream: SessionStream,
  ): void {
    this.admitted.set(this.media.handOver(req, socket, head), { sessionId, stream });
  }

  /** Leaving broadcasting ends the session's feed; a recording change reaches its pipeline. */
  onSessionState = (change: SessionStateChange): void => {
    if (change.from === "broadcasting" && change.to !== "broadcasting") void this.end(change.sessionId);
  };

  onRecording = (change: RecordingChange): void => {
    const feed = this.feeds.get(change.sessionId);
    if (feed?.streamId !== change.stream.id) return;
    feed.opening.settings.recording = change.stream.isRecording;
    this.media.send({ kind: "recording", sessionId: change.sessionId, recording: change.stream.isRecording });
  };

  async end(sessionId: number): Promise<void> {
    const feed = this.feeds.get(sessionId);
    if (!feed) return;
    this.feeds.delete(sessionId);
    if (feed.compositor !== null) this.dismiss(feed.compositor, { status: "ended" }, 1000, "ended");
    await new Promise<void>((resolve) => {
      this.ending.set(sessionId, resolve);
      if (!this.media.send({ kind: "end", sessionId })) resolve();
    });
    this.ending.delete(sessionId);
    // The media process ended the recording's playlist (or is gone, its files as they are).
    if (feed.recorded) this.deps.lifecycle.emit("recordingReady", { sessionId, streamId: feed.streamId });
  }

  /**
   * Ends every feed and closes every compositor's socket, the media process staying up: the HTTP
   * server's close waits for the sockets it handed over, and asks the media process about them.
   */
  async closeUploads(): Promise<void> {
    await Promise.all([...this.feeds.keys()].map((sessionId) => this.end(sessionId)));
    this.media.send({ kind: "closeAll" });
  }

  /** After the HTTP server closed. */
  async stopAll(): Promise<void> {
    this.isStopping = true;
    await this.closeUploads();
    await this.media.stop();
  }

  private onMedia(message: FromMedia): void {
    if (message.kind === "hello") this.said(message.connectionId);
    else if (message.kind === "closed") this.closed(message.connectionId);
    else if (message.kind === "ended") this.ending.get(message.sessionId)?.();
    else if (message.kind === "lowLatency")
      this.lowLatency.publish(message.sessionId, message.streamId, message.state);
    else if (message.kind === "live") this.withFeed(message.sessionId, (feed) => this.onLive(feed));
    else if (message.kind === "recorded") this.withFeed(message.sessionId, (feed) => this.onRecorded(feed));
    else if (message.kind === "sourceFailed") {
      const status = { status: "error", message: message.message } as const;
      this.withFeed(message.sessionId, (feed) => {
        if (feed.compositor !== null) this.dismiss(feed.compositor, status, 1011, "ffmpeg failed");
      });
    }
  }

  /** An admitted compositor said hello: it gets the session's feed. */
  private said(connectionId: number): void {
    const admitted = this.admitted.get(connectionId);
    this.admitted.delete(connectionId);
    if (!admitted) return;
    this.open.add(connectionId);
    this.connect(connectionId, admitted.sessionId, admitted.stream);
  }

  private closed(connectionId: number): void {
    this.admitted.delete(connectionId);
    this.open.delete(connectionId);
    for (const feed of this.feeds.values()) {
      if (feed.compositor === connectionId) feed.compositor = null;
    }
  }

  private withFeed(sessionId: number, then: (feed: Feed) => void): void {
    const feed = this.feeds.get(sessionId);
    if (feed) then(feed);
  }

  /**
   * The media process died with its sockets and pipelines: a new one reopens every feed on the slate,
   * so that viewers see 'Reconnecting…' until the compositors' reconnects reach it (issue 23 §1.3).
   */
  private mediaGone(): void {
    this.admitted.clear();
    this.open.clear();
    for (const resolve of this.ending.values()) resolve();
    const now = this.deps.clock().getTime();
    this.restarts = this.restarts.filter((at) => now - at < 60_000);
    if (this.isStopping || this.feeds.size === 0) return;
    if (this.restarts.length >= MEDIA_RESTARTS_PER_MINUTE) {
      this.deps.log.error({ sessions: [...this.feeds.keys()] }, "program feed: media process keeps dying");
      for (const feed of this.feeds.values()) this.lowLatency.forget(feed.sessionId, feed.streamId);
      this.feeds.clear();
      return;
    }
    this.restarts.push(now);
    for (const feed of this.feeds.values()) {
      feed.compositor = null;
      this.media.send({ ...feed.opening, slate: true });
    }
  }

  private connect(connectionId: number, sessionId: number, stream: SessionStream): void {
    this.feedOf(sessionId, stream).then(
      (feed) => {
        if (!this.open.has(connectionId)) return;
        if (!feed || this.feeds.get(sessionId) !== feed) {
          // The stream left the air while this compositor was being set up.
          this.dismiss(connectionId, { status: "ended" }, 1000, "ended");
          return;
        }
        if (feed.compositor !== null) this.dismiss(feed.compositor, { status: "replaced" }, 1000, "replaced");
        feed.compositor = connectionId;
        this.media.send({ kind: "use", connectionId, sessionId });
        this.status(connectionId, { status: "accepted" });
        if (feed.live) this.status(connectionId, { status: "live" });
      },
      (err) => {
        this.deps.log.error({ err, sessionId }, "program feed: starting the feed failed");
        this.dismiss(
          connectionId,
          { status: "error", message: "the feed could not start" },
          1011,
          "internal",
        );
      },
    );
  }

  private status(connectionId: number, status: CompositorStatus): void {
    this.media.send({ kind: "status", connectionId, status });
  }

  private dismiss(connectionId: number, status: CompositorStatus, code: number, reason: string): void {
    this.status(connectionId, status);
    this.media.send({ kind: "close", connectionId, code, reason });
  }

  /** The session's feed for this stream; a feed of an older stream of the session ends first. */
  private async feedOf(sessionId: number, stream: SessionStream): Promise<Feed | null> {
    const current = this.feeds.get(sessionId);
    if (current?.streamId === stream.id) return current;
    if (current) await this.end(sessionId);
    const slateColour = await findPrimaryColour(this.deps.db, sessionId);
    // End live may have come between the upgrade and now: no pipeline for a stream off the air.
    if ((await findLiveStream(this.deps.db, sessionId))?.id !== stream.id) return null;
    // Another compositor of the session got here first meanwhile: its feed is the one.
    if (this.feeds.has(sessionId)) return this.feedOf(sessionId, stream);
    const feed: Feed = {
      sessionId,
      streamId: stream.id,
      compositor: null,
      live: false,
      recorded: false,
      updates: Promise.resolve(),
      opening: {
        kind: "open",
        sessionId,
        streamId: stream.id,
        settings: {
          ffmpegPath: this.ffmpegPath,
          dir: streamDir(this.mediaDir, sessionId, stream.id),
          recording: stream.isRecording,
          slateColour,
        },
        mirror: this.bucket && {
          s3: this.bucket.s3,
          prefix: streamKeyPrefix(this.bucket.mediaSecret, sessionId, stream.id),
        },
        // The compositor that asked for the feed is about to feed it.
        slate: false,
      },
    };
    this.feeds.set(sessionId, feed);
    this.media.send(feed.opening);
    return feed;
  }

  private update(
    feed: Feed,
    work: Parameters<typeof withOutbox>[2],
    then: () => void = () => undefined,
  ): void {
    feed.updates = feed.updates
      .then(() => withOutbox(this.deps.db, this.deps.realtime, work))
      .then(then)
      .catch((err) =>
        this.deps.log.error({ err, sessionId: feed.sessionId }, "program feed: stream update failed"),
      );
  }

  /**
   * On air once the host's countdown is over; a stream ended meanwhile is no longer in countdown, and
   * markStreamOnAir leaves it alone.
   */
  private onLive(feed: Feed): void {
    feed.live = true;
    const { sessionId, streamId } = feed;
    const goOnAir = () =>
      this.update(
        feed,
        (tx, outbox) =>
          markStreamOnAir(tx, outbox, streamId, {
            livePlaybackUrl: unsignedUrl(sessionId, streamId, LIVE_PLAYLIST),
            vodPlaybackUrl: null,
          }),
        () => {
          if (feed.compositor !== null) this.status(feed.compositor, { status: "live" });
        },
      );
    countdownLeftMs(this.deps.db, streamId, GO_LIVE_COUNTDOWN_START_SECONDS * 1_000).then(
      (left) => (left > 0 ? setTimeout(goOnAir, left).unref() : goOnAir()),
      (err: unknown) => this.deps.log.error({ err, sessionId }, "program feed: countdown unknown"),
    );
  }

  private onRecorded(feed: Feed): void {
    const { sessionId, streamId } = feed;
    feed.recorded = true;
    this.update(feed, (tx, outbox) =>
      setStreamVodUrl(tx, outbox, streamId, unsignedUrl(sessionId, streamId, VOD_PLAYLIST)),
    );
  }
}
