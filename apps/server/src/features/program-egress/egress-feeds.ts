import { GO_LIVE_COUNTDOWN_START_SECONDS, type SessionStream } from "@onstage/domain";
import type { EgressInfo } from "livekit-server-sdk";
import type { RecordingChange, SessionStateChange } from "../../kernel/broadcast/lifecycle";
import {
  countdownLeftMs,
  endStream,
  findLiveStream,
  findStream,
  markStreamOnAir,
  setStreamVodUrl,
} from "../../kernel/broadcast/streams";
import { issueRecorderCredential, revokeRecorderCredentials } from "../../kernel/recorder/credential";
import { recorderViewUrl } from "../../kernel/recorder/view-url";
import { type ProgramEgress, programKeys, programOf } from "../../platform/media-room/livekit/egress";
import { type LivekitSdk, livekitSdk } from "../../platform/media-room/livekit/sdk";
import { withOutbox } from "../../platform/realtime/outbox";
import { FILES_URL_PREFIX } from "../../platform/storage/port";
import type { FeatureDeps } from "../deps";

// The program feed on LiveKit Egress (issue 13 §5; docs/decisions.md): going live starts the session's
// RoomComposite egress, leaving broadcasting stops it, and LiveKit's webhooks (to any node) move the
// stream's row. Nothing is held in memory: the egress's own request names its stream.

/** The stored form of a bucket key; the playback answer turns it into a URL a browser may fetch. */
export const storedUrl = (key: string) => `${FILES_URL_PREFIX}${key}`;

/** Egress ended in one of these: it failed, not stopped by End live. */
const failed = ({ EgressStatus }: LivekitSdk, info: EgressInfo) =>
  [EgressStatus.EGRESS_FAILED, EgressStatus.EGRESS_ABORTED, EgressStatus.EGRESS_LIMIT_REACHED].includes(
    info.status,
  );

export class EgressFeeds {
  constructor(
    private readonly deps: FeatureDeps,
    private readonly egress: ProgramEgress,
  ) {}

  onSessionState = (change: SessionStateChange): void => {
    if (change.to === "broadcasting" && change.from !== "broadcasting" && change.stream) {
      void this.start(change.sessionId, change.stream, change.byUserId);
    } else if (change.from === "broadcasting" && change.to !== "broadcasting") {
      void this.stop(change.sessionId);
    }
  };

  /** Recording turned on while live: the recording's playlist is the stream's VOD from now on. */
  onRecording = (change: RecordingChange): void => {
    const { stream } = change;
    if (!stream.isRecording || stream.activeState === "countdown") return;
    const vod = storedUrl(programKeys(change.sessionId, stream.id).vodPlaylist);
    void this.write(change.sessionId, (tx, outbox) => setStreamVodUrl(tx, outbox, stream.id, vod));
  };

  /** egress_started / egress_updated / egress_ended, verified by the webhook route. */
  async onEgress(event: string, info: EgressInfo): Promise<void> {
    const program = programOf(info);
    if (!program) return;
    const sdk = await livekitSdk();
    if (event === "egress_ended") return this.ended(sdk, program, info);
    // Active: the template said START_RECORDING, so segments follow within a segment's length.
    if (info.status === sdk.EgressStatus.EGRESS_ACTIVE) await this.onAir(program.sessionId, program.streamId);
  }

  private async start(sessionId: number, stream: SessionStream, byUserId: number | undefined): Promise<void> {
    try {
      // The record of who went live: the template's sign-in reads the session as them (recorder-sign-in.ts).
      if (byUserId !== undefined) {
        await issueRecorderCredential(this.deps.db, { userId: byUserId, sessionId, streamId: stream.id });
      }
      const templateUrl = await recorderViewUrl(this.deps.db, this.deps.publicUrl, sessionId);
      await this.egress.start({ sessionId, streamId: stream.id, templateUrl });
    } catch (err) {
      this.deps.log.error({ err, sessionId }, "egress: starting the program failed");
      // Viewers would wait for a picture that never comes: the stream says so.
      await this.write(sessionId, (tx, outbox) => endStream(tx, outbox, stream.id, "error"));
    }
  }

  private async stop(sessionId: number): Promise<void> {
    try {
      // The template's credentials go first: its sockets close, then the egress ends.
      await revokeRecorderCredentials(this.deps.db, this.deps.realtime, sessionId);
      await this.egress.stopAll(sessionId);
    } catch (err) {
      this.deps.log.error({ err, sessionId }, "egress: stopping failed");
    }
  }

  /**
   * On air once the host's countdown is over (as the embedded feed does); a stream ended meanwhile is
   * no longer in countdown, and markStreamOnAir leaves it alone.
   */
  private async onAir(sessionId: number, streamId: number): Promise<void> {
    const stream = await findLiveStream(this.deps.db, sessionId);
    if (stream?.id !== streamId) return;
    const keys = programKeys(sessionId, streamId);
    const urls = {
      livePlaybackUrl: storedUrl(keys.livePlaylist),
      vodPlaybackUrl: stream.isRecording ? storedUrl(keys.vodPlaylist) : null,
    };
    const goOnAir = () => this.write(sessionId, (tx, outbox) => markStreamOnAir(tx, outbox, streamId, urls));
    const left = await countdownLeftMs(this.deps.db, streamId, GO_LIVE_COUNTDOWN_START_SECONDS * 1_000);
    if (left > 0) setTimeout(() => void goOnAir(), left).unref();
    else await goOnAir();
  }

  /**
   * The program stopped while its stream was still on air (no End live): viewers are told. After End
   * live, a recorded program's end is its recording's.
   */
  private async ended(
    sdk: LivekitSdk,
    program: { sessionId: number; streamId: number },
    info: EgressInfo,
  ): Promise<void> {
    if (failed(sdk, info)) {
      this.deps.log.error(
        {
          sessionId: program.sessionId,
          egressId: info.egressId,
          status: sdk.EgressStatus[info.status],
          error: info.error,
        },
        "egress: the program failed",
      );
    }
    const stream = await findLiveStream(this.deps.db, program.sessionId);
    if (stream?.id === program.streamId) {
      await this.write(program.sessionId, (tx, outbox) => endStream(tx, outbox, program.streamId, "error"));
      return;
    }
    // Ended by End live and complete: a recorded stream's playlist is whole (issue 28 §4 recording.ready).
    if (failed(sdk, info)) return;
    const ended = await findStream(this.deps.db, program.streamId);
    if (ended?.vodPlaybackUrl) this.deps.lifecycle.emit("recordingReady", program);
  }

  /** Settles once written (a webhook is answered after its change); a failure is logged. */
  private async write(sessionId: number, work: Parameters<typeof withOutbox>[2]): Promise<void> {
    await withOutbox(this.deps.db, this.deps.realtime, work).catch((err: unknown) =>
      this.deps.log.error({ err, sessionId }, "egress: stream update failed"),
    );
  }
}
