import type { EgressInfo } from "livekit-server-sdk";
import type { S3StorageConfig } from "../../storage/s3";
import { type LivekitConfig, livekitRoomName } from "./livekit-media-room";
import { type LivekitSdk, livekitClient } from "./sdk";

// The program feed on LiveKit (issue 13 §5): a RoomComposite Egress renders the session's recorder view
// as its custom template and writes HLS segments to Onstage's bucket, so any node (and a CDN) serves
// them. Egress adds url, token and layout to the template's query; the page connects with that token.

/** One stream's files in the bucket: the same layout as the embedded pipeline's directory. */
export function programKeys(sessionId: number, streamId: number) {
  const dir = `sessions/${sessionId}/streams/${streamId}`;
  return {
    /** Egress names segments `{prefix}_{00000}.ts`. */
    segmentPrefix: `${dir}/live`,
    /** The sliding window viewers play while live. */
    livePlaylist: `${dir}/live.m3u8`,
    /** Every segment since the start: the recording. */
    vodPlaylist: `${dir}/vod.m3u8`,
  };
}

const PROGRAM_PLAYLIST = /^sessions\/(\d{1,15})\/streams\/(\d{1,15})\/vod\.m3u8$/;

/** The stream an egress writes, read back from its own request (webhooks carry it): null if not ours. */
export function programOf(info: EgressInfo): { sessionId: number; streamId: number } | null {
  if (info.request.case !== "roomComposite") return null;
  const match = PROGRAM_PLAYLIST.exec(info.request.value.segmentOutputs[0]?.playlistName ?? "");
  return match ? { sessionId: Number(match[1]), streamId: Number(match[2]) } : null;
}

/** 1 s segments, as the embedded pipeline writes them (MEDIA-NOTES: the latency they measured). */
export const EGRESS_SEGMENT_SECONDS = 1;

export interface ProgramEgressStart {
  sessionId: number;
  streamId: number;
  /** The session's recorder view: Egress's custom template. */
  templateUrl: string;
}

export interface ProgramEgress {
  /** Starts the session's RoomComposite egress; answers its id. */
  start(program: ProgramEgressStart): Promise<string>;
  /** Stops every egress still running in the session's room (End live, from any node). */
  stopAll(sessionId: number): Promise<void>;
}

/** What Egress is asked to run, apart from the client (tests compare it with the stand-in's record). */
export function programOutput(sdk: LivekitSdk, bucket: S3StorageConfig, sessionId: number, streamId: number) {
  const keys = programKeys(sessionId, streamId);
  return new sdk.SegmentedFileOutput({
    protocol: sdk.SegmentedFileProtocol.HLS_PROTOCOL,
    filenamePrefix: keys.segmentPrefix,
    playlistName: keys.vodPlaylist,
    livePlaylistName: keys.livePlaylist,
    segmentDuration: EGRESS_SEGMENT_SECONDS,
    output: {
      case: "s3",
      value: new sdk.S3Upload({
        accessKey: bucket.accessKeyId,
        secret: bucket.secretAccessKey,
        region: bucket.region,
        endpoint: bucket.endpoint,
        bucket: bucket.bucket,
        // The bucket is addressed as Onstage's storage addresses it (MinIO and most S3-compatibles).
        forcePathStyle: true,
      }),
    },
  });
}

export function livekitProgramEgress(config: LivekitConfig, bucket: S3StorageConfig): ProgramEgress {
  const connected = livekitClient((sdk) => new sdk.EgressClient(config.url, config.apiKey, config.apiSecret));
  return {
    async start({ sessionId, streamId, templateUrl }) {
      const { sdk, client: egress } = await connected();
      const info = await egress.startRoomCompositeEgress(
        livekitRoomName(sessionId),
        { segments: programOutput(sdk, bucket, sessionId, streamId) },
        { customBaseUrl: templateUrl, layout: "program" },
      );
      return info.egressId;
    },
    async stopAll(sessionId) {
      const { sdk, client: egress } = await connected();
      const running = await egress.listEgress({ roomName: livekitRoomName(sessionId), active: true });
      const isRunning = (info: EgressInfo) => info.status <= sdk.EgressStatus.EGRESS_ACTIVE;
      await Promise.all(running.filter(isRunning).map((info) => egress.stopEgress(info.egressId)));
    },
  };
}
