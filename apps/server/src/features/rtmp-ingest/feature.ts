import type { LowLatencyStreams } from "../../media/ll-hls/streams";
import type { RtmpIngress } from "../../platform/media-room/livekit/ingress";
import type { S3StorageConfig } from "../../platform/storage/s3";
import type { CaptionsOptions } from "../captions/service";
import type { FeatureDeps } from "../deps";
import type { Feature } from "../feature";
import type { IngressListener } from "../program-egress/service";
import { RtmpIngest } from "./ingest";
import { ingressStatusListener, livekitInputs } from "./livekit-inputs";
import type { IngestPort } from "./port";
import { liveStreamRoutes } from "./routes";
import { embeddedInputs, liveStreamService } from "./service";

export interface RtmpListenOptions {
  /** The interface the RTMP listener binds (RTMP_HOST) and its port (RTMP_PORT, 1935 by default). */
  host: string;
  port: number;
}

export interface RtmpIngestFeatureOptions {
  /** The ffmpeg binary; null (none found): keys are still made, no encoder is let in. */
  ffmpegPath: string | null;
  mediaDir: string;
  mediaSecret: string;
  /** What hosts paste into their encoder (RTMP_PUBLIC_URL, or derived from PUBLIC_URL and RTMP_PORT). */
  serverUrl: string;
  /** Where to listen; unset (most tests): no listener. */
  listen: RtmpListenOptions | null;
  /** S3_*: live streams' HLS is copied to the bucket, as the program feed's is. */
  s3: S3StorageConfig | null;
  /** CAPTIONS: on, live streams get a subtitle rendition and the setup shows the captions toggle. */
  captions: CaptionsOptions;
  /** LiveKit Ingress takes encoders instead (LIVEKIT_URL set): nothing listens on RTMP_PORT. */
  livekitIngress: RtmpIngress | null;
  /** The LL-HLS streams the program feed's media route answers for: the ingest's are published there. */
  lowLatency: LowLatencyStreams;
}

/** Without a listener the calls still keep keys and flags: nothing is ever ingested on this node. */
const noIngest = (serverUrl: string, captionsAvailable: boolean): IngestPort => ({
  serverUrl,
  captionsAvailable,
  sessionChanged: () => undefined,
  start: () => undefined,
  stop: async () => undefined,
});

/** Issue 13 §1, §3: RTMP ingest (rtmp: the adaptive ladder; rtmp-native: copied) and its calls. */
export function rtmpIngestFeature(
  deps: FeatureDeps,
  options: RtmpIngestFeatureOptions,
): Feature & { onIngress: IngressListener } {
  const { ffmpegPath, listen, livekitIngress, mediaDir, serverUrl, captions } = options;
  const ingest: IngestPort =
    ffmpegPath && listen && !livekitIngress
      ? new RtmpIngest(deps, {
          ...listen,
          ffmpegPath,
          mediaDir,
          serverUrl,
          captions,
          lowLatency: options.lowLatency,
          bucket: options.s3 && { s3: options.s3, mediaSecret: options.mediaSecret },
        })
      : noIngest(serverUrl, captions.enabled);
  const inputs = livekitIngress ? livekitInputs(livekitIngress) : embeddedInputs;
  const onSessionChange = (change: { sessionId: number }) => ingest.sessionChanged(change.sessionId);
  return {
    name: "rtmp-ingest",
    routes: liveStreamRoutes(liveStreamService(deps, ingest, inputs, options.mediaSecret)),
    /** LiveKit's webhooks about the session's input (program-egress receives them). */
    onIngress: ingressStatusListener(deps),
    start() {
      deps.lifecycle.on("sessionState", onSessionChange);
      deps.lifecycle.on("recording", onSessionChange);
      ingest.start();
    },
    async stop() {
      deps.lifecycle.off("sessionState", onSessionChange);
      deps.lifecycle.off("recording", onSessionChange);
      await ingest.stop();
    },
  };
}

/** RTMP_PUBLIC_URL's default: the public host, the RTMP port, the one application path. */
export const defaultRtmpServerUrl = (publicUrl: string, port: number) =>
  `rtmp://${new URL(publicUrl).hostname}:${port}/live`;
