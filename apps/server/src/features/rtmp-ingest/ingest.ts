import { GO_LIVE_COUNTDOWN_START_SECONDS, ingestPlace, publisherRefusal } from "@onstage/domain";
import {
  countdownLeftMs,
  findLiveStream,
  markStreamOnAir,
  setStreamVodUrl,
} from "../../kernel/broadcast/streams";
import type { CaptionsWriter } from "../../media/captions/writer";
import { MASTER_PLAYLIST, VOD_PLAYLIST } from "../../media/ffmpeg-args";
import { previewDir, streamDir, streamKeyPrefix, unsignedUrl } from "../../media/hls-paths";
import type { LowLatencyStreams } from "../../media/ll-hls/streams";
import { withOutbox } from "../../platform/realtime/outbox";
import type { S3StorageConfig } from "../../platform/storage/s3";
import { type CaptionsOptions, sessionCaptionsWriter } from "../captions/service";
import type { FeatureDeps } from "../deps";
import { IngestProcess } from "./ingest-process";
import type { FromIngest, IngestTarget } from "./ingest-protocol";
import type { IngestPort } from "./port";
import { findBySession, findByStreamKey, setLiveStreamStatus } from "./queries";
import { isStreamKeyShaped } from "./service";

// The embedded RTMP ingest (issue 13 §1): an RTMP listener whose encoders a child process takes (started
// with the first), which asks here about each publish's stream key, and the sessions whose encoder reached this node. Each one is reconciled with
// the database (on its lifecycle signals, after a host's call on this node, and every second, for moves
// made on other nodes): its HLS goes to the greenroom preview or the live stream, or it ends.

const RECONCILE_MS = 1000;

export interface RtmpIngestOptions {
  host: string;
  port: number;
  ffmpegPath: string;
  mediaDir: string;
  /** What hosts paste into their encoder: rtmp://host:port/live. */
  serverUrl: string;
  /** With S3_* set, a live stream's directory is mirrored to the bucket (under the secret's prefix). */
  bucket: { s3: S3StorageConfig; mediaSecret: string } | null;
  captions: CaptionsOptions;
  /** Where the live streams' renditions' LL-HLS states are published. */
  lowLatency: LowLatencyStreams;
}

interface Ingested {
  /** The key its encoder used: a rotated key disconnects the encoder. */
  key: string;
  publishing: boolean;
  target: IngestTarget | null;
  /** The live stream its target writes, when broadcasting. */
  streamId: number | null;
  /** The target directories that have segments: a returning encoder is active at once in one of them. */
  liveDirs: Set<string>;
  /** The status this node last wrote. */
  active: boolean;
  reconciling: Promise<void>;
}

export class RtmpIngest implements IngestPort {
  private readonly process: IngestProcess;
  private readonly sessions = new Map<number, Ingested>();
  private timer: NodeJS.Timeout | null = null;
  private stopped = false;
  /** The captions of each live stream directory being written (never the greenroom preview's). */
  private readonly captionWriters = new Map<string, CaptionsWriter>();
  /** The stream directories whose recording has begun: its end is the recording ready. */
  private readonly recordingDirs = new Map<string, { sessionId: number; streamId: number }>();

  constructor(
    private readonly deps: FeatureDeps,
    private readonly options: RtmpIngestOptions,
  ) {
    this.process = new IngestProcess(deps.log, options.ffmpegPath);
    this.process.on("message", (message) => void this.onMessage(message).catch((err) => this.fail(err)));
    this.process.on("exit", () => this.processGone());
  }

  get serverUrl(): string {
    return this.options.serverUrl;
  }

  get captionsAvailable(): boolean {
    return this.options.captions.enabled;
  }

  start(): void {
    if (this.timer) clearInterval(this.timer);
    this.process.listen(this.options.host, this.options.port);
    this.timer = setInterval(() => {
      for (const sessionId of this.sessions.keys()) this.sessionChanged(sessionId);
    }, RECONCILE_MS);
    this.timer.unref();
  }

  async stop(): Promise<void> {
    this.stopped = true;
    if (this.timer) clearInterval(this.timer);
    await this.process.stop();
    // The encoders went with the process: nothing of this node is active any more.
    const active = [...this.sessions].filter(([, ingested]) => ingested.active);
    this.sessions.clear();
    await Promise.all(active.map(([sessionId]) => setLiveStreamStatus(this.deps.db, sessionId, "idle")));
    await this.endCaptions();
  }

  /** The session's row changed (a host's call, a state move): its encoder and HLS follow. */
  sessionChanged(sessionId: number): void {
    const ingested = this.sessions.get(sessionId);
    if (!ingested) return;
    ingested.reconciling = ingested.reconciling
      .then(() => this.reconcile(sessionId, ingested))
      .catch((err) => this.fail(err));
  }

  private fail(err: unknown): void {
    this.deps.log.error({ err }, "rtmp ingest: failed");
  }

  private async onMessage(message: FromIngest): Promise<void> {
    switch (message.kind) {
      case "publish":
        return this.onPublish(message.connectionId, message.key);
      case "publisherLeft":
        return this.onPublisherLeft(message.sessionId);
      case "live":
        return this.onLive(message.sessionId, message.dir, message.videoPlaylist);
      case "recorded":
        return this.onRecorded(message.sessionId, message.dir);
      case "stopped":
        this.recordingEnded(message.dir);
        return this.endCaptions(message.dir);
      case "lowLatency":
        return this.options.lowLatency.publish(
          message.sessionId,
          message.streamId,
          message.state,
          message.variant,
        );
    }
  }

  /** Refused before any media is read: an unknown or rotated key, a stopped stream, a closed session. */
  private async onPublish(connectionId: number, key: string): Promise<void> {
    const row = isStreamKeyShaped(key) ? await findByStreamKey(this.deps.db, key) : null;
    if (!row || publisherRefusal(row)) {
      this.process.send({ kind: "verdict", connectionId, sessionId: null });
      return;
    }
    const ingested = this.sessions.get(row.sessionId) ?? {
      key,
      publishing: false,
      target: null,
      streamId: null,
      liveDirs: new Set<string>(),
      active: false,
      reconciling: Promise.resolve(),
    };
    ingested.key = key;
    ingested.publishing = true;
    this.sessions.set(row.sessionId, ingested);
    this.process.send({ kind: "verdict", connectionId, sessionId: row.sessionId });
    this.sessionChanged(row.sessionId);
  }

  private async onPublisherLeft(sessionId: number): Promise<void> {
    const ingested = this.sessions.get(sessionId);
    if (ingested) ingested.publishing = false;
    this.sessionChanged(sessionId);
  }

  /** `active` while the encoder's HLS is being written (a directory with segments and the encoder in). */
  private async writeStatus(sessionId: number, ingested: Ingested): Promise<void> {
    const active =
      ingested.publishing && ingested.target !== null && ingested.liveDirs.has(ingested.target.dir);
    if (active === ingested.active) return;
    ingested.active = active;
    await setLiveStreamStatus(this.deps.db, sessionId, active ? "active" : "idle");
  }

  /**
   * Where the session's HLS goes now. Greenroom: the preview, while the encoder sends. Broadcasting:
   * the live stream, with the slate while the encoder is away. Anything else (or a rotated key, a
   * stop): the encoder is disconnected and the session forgotten.
   */
  private async reconcile(sessionId: number, ingested: Ingested): Promise<void> {
    if (this.sessions.get(sessionId) !== ingested) return;
    const row = await findBySession(this.deps.db, sessionId);
    const refusal = row ? publisherRefusal(row) : "session_closed";
    // A rotated key puts the encoder out; a broadcast goes on with the slate until the new key comes.
    if (refusal || row?.streamKey !== ingested.key) {
      if (ingested.publishing) this.process.send({ kind: "disconnect", sessionId });
      ingested.publishing = false;
    }
    const place = row && !refusal ? ingestPlace(row.state) : null;
    const stream = place === "stream" ? await findLiveStream(this.deps.db, sessionId) : null;
    let target: IngestTarget | null = null;
    if (row && place === "preview" && ingested.publishing) {
      target = { ...this.targetOf(row, previewDir(this.options.mediaDir, sessionId)), recording: false };
    } else if (row && stream) {
      const dir = streamDir(this.options.mediaDir, sessionId, stream.id);
      const { bucket } = this.options;
      const mirror = bucket && {
        s3: bucket.s3,
        prefix: streamKeyPrefix(bucket.mediaSecret, sessionId, stream.id),
      };
      const captions = this.options.captions.enabled && row.showCaptions;
      const { lowLatency } = this.options;
      target = {
        ...this.targetOf(row, dir),
        recording: stream.isRecording,
        slate: true,
        mirror,
        captions,
        lowLatency: { streamId: stream.id },
      };
      // The captions are timed to the MPEG-TS segments: a captioned stream's new viewers get those.
      lowLatency.withhold(sessionId, stream.id, captions);
    }
    this.retarget(sessionId, ingested, target, stream?.id ?? null);
    await this.writeStatus(sessionId, ingested);
    if (!target && !ingested.publishing) this.sessions.delete(sessionId);
  }

  private targetOf(
    row: { broadcastType: IngestTarget["broadcastType"]; isRecording: boolean },
    dir: string,
  ): IngestTarget {
    return {
      dir,
      broadcastType: row.broadcastType,
      recording: row.isRecording,
      slate: false,
      slateColour: null,
      captions: false,
      mirror: null,
      lowLatency: null,
    };
  }

  private retarget(
    sessionId: number,
    ingested: Ingested,
    target: IngestTarget | null,
    streamId: number | null,
  ) {
    const before = ingested.target;
    ingested.target = target;
    ingested.streamId = streamId;
    if (before?.dir !== target?.dir || (before === null) !== (target === null)) {
      this.process.send({ kind: "target", sessionId, target });
      return;
    }
    if (!target || !before) return;
    if (before.recording !== target.recording) {
      this.process.send({ kind: "recording", sessionId, recording: target.recording });
    }
    if (before.captions !== target.captions) {
      this.process.send({ kind: "captions", sessionId, captions: target.captions });
    }
  }

  /** The first segment: the encoder's HLS is being written, and a live stream goes on air. */
  private async onLive(sessionId: number, dir: string, videoPlaylist: string): Promise<void> {
    const ingested = this.sessions.get(sessionId);
    if (!ingested || ingested.target?.dir !== dir) return;
    ingested.liveDirs.add(dir);
    await this.writeStatus(sessionId, ingested);
    const { streamId } = ingested;
    if (streamId === null) return;
    this.followCaptions(sessionId, dir, videoPlaylist);
    const livePlaybackUrl = unsignedUrl(sessionId, streamId, MASTER_PLAYLIST);
    const goOnAir = () =>
      withOutbox(this.deps.db, this.deps.realtime, (tx, outbox) =>
        markStreamOnAir(tx, outbox, streamId, { livePlaybackUrl, vodPlaybackUrl: null }),
      ).catch((err) => this.fail(err));
    // On air once the host's countdown is over, as the browser feed does.
    const left = await countdownLeftMs(this.deps.db, streamId, GO_LIVE_COUNTDOWN_START_SECONDS * 1_000);
    if (left > 0) setTimeout(goOnAir, left).unref();
    else await goOnAir();
  }

  private async onRecorded(sessionId: number, dir: string): Promise<void> {
    const ingested = this.sessions.get(sessionId);
    const streamId = ingested?.target?.dir === dir ? ingested.streamId : null;
    if (streamId === null) return;
    this.recordingDirs.set(dir, { sessionId, streamId });
    await withOutbox(this.deps.db, this.deps.realtime, (tx, outbox) =>
      setStreamVodUrl(tx, outbox, streamId, unsignedUrl(sessionId, streamId, VOD_PLAYLIST)),
    );
  }

  /** The pipeline of `dir` ended its playlists: a recording made there is ready (issue 28 §4). */
  private recordingEnded(dir: string): void {
    const recorded = this.recordingDirs.get(dir);
    if (!recorded) return;
    this.recordingDirs.delete(dir);
    this.deps.lifecycle.emit("recordingReady", recorded);
  }

  /**
   * Captions are written whatever the host's toggle (it only decides whether the masters list them), so
   * turning them on mid-stream shows the lines sent before, and the recording has them all.
   */
  private followCaptions(sessionId: number, dir: string, videoPlaylist: string): void {
    if (this.captionWriters.has(dir)) return;
    const writer = sessionCaptionsWriter(this.deps.db, this.deps.log, this.options.captions, {
      sessionId,
      dir,
      videoPlaylist,
    });
    if (!writer) return;
    this.captionWriters.set(dir, writer);
    writer.follow();
  }

  /** The pipeline of `dir` (every one, without a dir) ended its playlists: the captions' last files. */
  private async endCaptions(dir?: string): Promise<void> {
    const ending = [...this.captionWriters].filter(([d]) => dir === undefined || d === dir);
    for (const [d] of ending) this.captionWriters.delete(d);
    await Promise.all(ending.map(([, writer]) => writer.end()));
  }

  /** Its encoders and runs died with it: they reconnect, and the first starts the next process. */
  private processGone(): void {
    const sessionIds = [...this.sessions.keys()];
    for (const [sessionId, { streamId }] of this.sessions) {
      if (streamId !== null) this.options.lowLatency.forget(sessionId, streamId);
    }
    this.sessions.clear();
    // Their recordings stop where the process died; the next encoder's pipeline picks them up again.
    this.recordingDirs.clear();
    void this.endCaptions().catch((err) => this.fail(err));
    if (this.stopped) return;
    for (const sessionId of sessionIds) {
      void setLiveStreamStatus(this.deps.db, sessionId, "idle").catch((err) => this.fail(err));
    }
  }
}
