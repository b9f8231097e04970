import path from "node:path";
import { type CompositorMode, PlaybackQuery, PlaybackResponse, type SessionStream } from "@onstage/domain";
import type { FastifyReply } from "fastify";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { requireTopicReader } from "../../kernel/access/topic-access";
import { findLatestStream, findLiveStream } from "../../kernel/broadcast/streams";
import { LIVE_PLAYLIST, MASTER_PLAYLIST } from "../../media/ffmpeg-args";
import { MEDIA_URL_PREFIX, previewDir, signedUrl } from "../../media/hls-paths";
import type { Holder } from "../../media/ll-hls/blocking";
import { LL_MASTER_PLAYLIST, LL_PLAYLIST } from "../../media/ll-hls/names";
import type { LowLatencyStreams } from "../../media/ll-hls/streams";
import { mediaToken, mediaTokenValid, previewSecret } from "../../media/playback-tokens";
import {
  contentTypeOf,
  LIVE_PLAYLIST_CACHE_CONTROL,
  PLAYLIST_TYPE,
  SEGMENT_CACHE_CONTROL,
} from "../../platform/storage/hls/playlist";
import { FILES_URL_PREFIX } from "../../platform/storage/port";
import type { FeatureDeps } from "../deps";
import { lowLatencyPlaylist, untilWritten } from "./low-latency";
import { localPreviewFile, type MediaFiles } from "./media-files";

// Spec 2 §4 playback: a viewer the event admits gets signed URLs; the media route serves the files to
// whoever holds a valid token (a CDN in front caches them: the token is the same for every viewer).

const ON_AIR = new Set<SessionStream["activeState"]>(["recording", "streaming"]);

/**
 * Only what ffmpeg and the pipelines write, under a stream's directory (or an RTMP session's greenroom
 * preview, signed apart): the playlists, an RTMP ladder's master and variant directories, the numbered
 * segments; and the captions writer's (features/captions): its subtitle playlists and a WebVTT file per
 * segment; and the LL-HLS packager's (media/ll-hls): its playlist (ll.m3u8, written on request), init
 * sections, segments and parts, and an RTMP stream's LL master. No room for "..": every part is matched
 * whole.
 */
const MEDIA_PATH =
  /^(?:streams\/([1-9]\d{0,15})|preview)\/(?:(1080p|720p|360p)\/)?((?:live|vod|master|captions|captions-vod|ll|ll-master)\.m3u8|live\d{1,10}\.(?:ts|vtt)|init\d{1,10}\.mp4|s\d{1,10}(?:-p\d{1,4})?\.m4s)$/;
/**
 * An LL-HLS stream's viewers get its LL playlist instead of the live one: the program feed's ll.m3u8, an
 * RTMP stream's master of its renditions' ll.m3u8.
 */
const LOW_LATENCY_URLS: readonly [RegExp, string][] = [
  [new RegExp(`/${LIVE_PLAYLIST.replace(".", "\\.")}$`), `/${LL_PLAYLIST}`],
  [new RegExp(`/${MASTER_PLAYLIST.replace(".", "\\.")}$`), `/${LL_MASTER_PLAYLIST}`],
];
const lowLatencyUrl = (url: string) =>
  LOW_LATENCY_URLS.reduce((swapped, [pattern, name]) => swapped.replace(pattern, name), url);
const Id = z
  .string()
  .regex(/^[1-9]\d{0,15}$/)
  .transform(Number);
const MediaParams = z.object({
  token: z.string().max(80),
  sessionId: Id,
  "*": z.string().max(80),
});

export interface MediaOptions {
  /** Where the files come from: this node's media directory, or the bucket (media-files.ts). */
  files: MediaFiles;
  /** This node's media directory: the RTMP greenroom preview is read from it. */
  mediaDir: string;
  mediaSecret: string;
  /** Told to the web with the playback: host tabs compose only in `browser` mode. */
  compositor: CompositorMode;
  /** The LL-HLS streams: this node's packagers', and with S3_* and Redis every node's. */
  lowLatency: LowLatencyStreams;
}

export function programFeedRoutes(deps: FeatureDeps, media: MediaOptions): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      "/api/video-session/playback",
      {
        schema: {
          tags: ["broadcast"],
          summary: "The session's stream and signed HLS URLs for a viewer the event admits (spec 2 §4)",
          querystring: PlaybackQuery,
          response: { 200: PlaybackResponse },
        },
      },
      async (req): Promise<PlaybackResponse> => {
        const sessionId = req.query.video_session_id;
        await requireTopicReader(
          deps.db,
          req.viewerUserId,
          { kind: "session", id: sessionId },
          req.browserKey,
        );
        const stream =
          (await findLiveStream(deps.db, sessionId)) ?? (await findLatestStream(deps.db, sessionId));
        // The token opens this stream only: an older one's (a reset's) needs a token of its own.
        const scope = { sessionId, streamId: stream?.id ?? null };
        const { token, expiresAt } = mediaToken(media.mediaSecret, scope, deps.clock());
        // LiveKit Egress writes to the bucket: its playlists are fetched there, by the storage's URL.
        const sign = (url: string | null) =>
          !url
            ? null
            : url.startsWith(FILES_URL_PREFIX)
              ? deps.storage.url(url.slice(FILES_URL_PREFIX.length))
              : signedUrl(url, token);
        // Issue 27 §2: while this node packages the stream's LL-HLS, viewers play that playlist.
        const livePlaybackUrl =
          stream?.livePlaybackUrl && media.lowLatency.offers(sessionId, stream.id)
            ? lowLatencyUrl(stream.livePlaybackUrl)
            : stream?.livePlaybackUrl;
        return {
          stream,
          liveUrl: stream && ON_AIR.has(stream.activeState) ? await sign(livePlaybackUrl ?? null) : null,
          vodUrl: await sign(stream?.vodPlaybackUrl ?? null),
          // The embedded default has one origin: no other node to fall back to.
          fallbackUrl: null,
          expiresAt: expiresAt.toISOString(),
          compositor: media.compositor,
        };
      },
    );

    // GET and HEAD (the player's health check). The router never decodes a "/" into a parameter.
    app.route({
      method: ["GET", "HEAD"],
      url: `${MEDIA_URL_PREFIX}:token/sessions/:sessionId/*`,
      schema: { hide: true },
      // Two info lines per playlist poll and segment of every viewer would be most of a node's work
      // (bench:hls); what is refused or fails still logs, and a CDN or load balancer keeps access logs.
      logLevel: "warn",
      // Segments are compressed video; playlists are the hottest path, polled by every viewer each second.
      compress: false,
      config: { noViewer: true },
      handler: async (req, reply) => {
        const params = MediaParams.safeParse(req.params);
        const match = params.success ? MEDIA_PATH.exec(params.data["*"]) : null;
        if (!params.success || !match) {
          return reply.code(404).send({ error: { code: "not_found", message: "No such file." } });
        }
        const { token, sessionId } = params.data;
        const [, streamPart, variant = "", file = ""] = match;
        const streamId = streamPart ? Number(streamPart) : null;
        const secret = streamId ? media.mediaSecret : previewSecret(media.mediaSecret);
        if (!mediaTokenValid(secret, token, { sessionId, streamId }, deps.clock())) {
          return reply.code(403).send({ error: { code: "forbidden", message: "This link has expired." } });
        }
        const lowLatency = streamId ? media.lowLatency.find(sessionId, streamId, variant) : null;
        if (file === LL_PLAYLIST) {
          if (!lowLatency)
            return reply.code(404).send({ error: { code: "not_found", message: "No such file." } });
          const answer = await lowLatencyPlaylist(lowLatency, req.query as Record<string, unknown>, () =>
            holder(req.ip, reply),
          );
          if (answer.status !== 200) {
            const code = answer.status === 400 ? "invalid_input" : "unavailable";
            return reply
              .code(answer.status)
              .header("cache-control", "no-store")
              .send({ error: { code, message: answer.message } });
          }
          return crossOrigin(reply)
            .header("cache-control", answer.cacheControl)
            .type(PLAYLIST_TYPE)
            .send(answer.body);
        }
        // A player asks for the preload hint's part before it is written.
        if (lowLatency) await untilWritten(lowLatency, file, () => holder(req.ip, reply));
        // The greenroom preview lives on the ingest's node only (a host's look before going live).
        const found = streamId
          ? await media.files.read(sessionId, streamId, path.posix.join(variant, file))
          : await localPreviewFile(previewDir(media.mediaDir, sessionId), path.join(variant, file));
        if (!found) return reply.code(404).send({ error: { code: "not_found", message: "No such file." } });
        crossOrigin(reply);
        if (found.kind === "redirect") {
          // The signed URL lives 10 minutes at least: a cache may keep the redirect for one.
          return reply.header("cache-control", "public, max-age=60").redirect(found.url, 302);
        }
        // A segment and its WebVTT are written once, whole, and never change.
        if (found.kind === "segment") {
          reply.header("cache-control", SEGMENT_CACHE_CONTROL);
          return reply
            .type(file.endsWith(".vtt") ? "text/vtt; charset=utf-8" : contentTypeOf(file))
            .send(found.body);
        }
        // A playlist changes every second until it ends; an ended recording never changes again.
        const ended = file.endsWith("vod.m3u8") && found.ended;
        reply.header("cache-control", ended ? "public, max-age=86400" : LIVE_PLAYLIST_CACHE_CONTROL);
        if (found.lastModified) reply.header("last-modified", found.lastModified.toUTCString());
        return reply.type(PLAYLIST_TYPE).send(found.body);
      },
    });
  };
}

/** What a player on another origin (the web app behind a CDN, an embed) may read. */
const crossOrigin = (reply: FastifyReply) =>
  reply.header("access-control-allow-origin", "*").header("cross-origin-resource-policy", "cross-origin");

/**
 * A held request's client (its address, TRUST_PROXY's client behind a proxy), whose signal is aborted
 * when it goes away before its answer: it frees its place.
 */
function holder(client: string, reply: FastifyReply): Holder {
  const controller = new AbortController();
  // An answered request closes too: aborting it would only cost a DOMException (bench:hls).
  reply.raw.once("close", () => reply.raw.writableFinished || controller.abort());
  return { client, signal: controller.signal };
}
