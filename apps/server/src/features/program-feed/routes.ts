import { type CompositorMode, PlaybackQuery, PlaybackResponse, type SessionStream } from "@onstage/domain";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import {
  LIVE_PLAYLIST_CACHE_CONTROL,
  PLAYLIST_TYPE,
  SEGMENT_CACHE_CONTROL,
} from "../../platform/storage/hls/playlist";
import { requireTopicReader } from "../access/service";
import { findLatestStream, findLiveStream } from "../broadcast/streams";
import type { FeatureDeps } from "../deps";
import type { MediaFiles } from "./media-files";
import { MEDIA_URL_PREFIX, signedUrl } from "./paths";
import { mediaToken, mediaTokenValid } from "./tokens";

// Spec 2 §4 playback: a viewer the event admits gets signed URLs; the media route serves the files to
// whoever holds a valid token (a CDN in front caches them: the token is the same for every viewer).

const ON_AIR = new Set<SessionStream["activeState"]>(["recording", "streaming"]);

/** Only what ffmpeg and the pipeline write: both playlists and the numbered segments. */
const MEDIA_FILE = /^(live|vod)\.m3u8$|^live\d{1,10}\.ts$/;
const Id = z
  .string()
  .regex(/^[1-9]\d{0,15}$/)
  .transform(Number);
const MediaParams = z.object({
  token: z.string().max(80),
  sessionId: Id,
  streamId: Id,
  file: z.string().max(40),
});

export interface MediaOptions {
  /** Where the files come from: this node's media directory, or the bucket (media-files.ts). */
  files: MediaFiles;
  mediaSecret: string;
  /** Told to the web with the playback: host tabs compose only in `browser` mode. */
  compositor: CompositorMode;
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
        const { token, expiresAt } = mediaToken(media.mediaSecret, sessionId, deps.clock());
        const sign = (url: string | null) => (url ? signedUrl(url, token) : null);
        return {
          stream,
          liveUrl: stream && ON_AIR.has(stream.activeState) ? sign(stream.livePlaybackUrl) : null,
          vodUrl: sign(stream?.vodPlaybackUrl ?? null),
          // The embedded default has one origin: no other node to fall back to.
          fallbackUrl: null,
          expiresAt: expiresAt.toISOString(),
          compositor: media.compositor,
        };
      },
    );

    // GET and HEAD (the player's health check). The router never decodes a "/" into a parameter, and
    // the file name pattern leaves no room for "..".
    app.route({
      method: ["GET", "HEAD"],
      url: `${MEDIA_URL_PREFIX}:token/sessions/:sessionId/streams/:streamId/:file`,
      schema: { hide: true },
      // Two info lines per playlist poll and segment of every viewer would be most of a node's work
      // (bench:hls); what is refused or fails still logs, and a CDN or load balancer keeps access logs.
      logLevel: "warn",
      config: { tokenOnly: true },
      handler: async (req, reply) => {
        const params = MediaParams.safeParse(req.params);
        if (!params.success || !MEDIA_FILE.test(params.data.file)) {
          return reply.code(404).send({ error: { code: "not_found", message: "No such file." } });
        }
        const { token, sessionId, streamId, file } = params.data;
        if (!mediaTokenValid(media.mediaSecret, token, sessionId, deps.clock())) {
          return reply.code(403).send({ error: { code: "forbidden", message: "This link has expired." } });
        }
        const found = await media.files(sessionId, streamId, file);
        if (!found) return reply.code(404).send({ error: { code: "not_found", message: "No such file." } });
        reply.header("access-control-allow-origin", "*");
        reply.header("cross-origin-resource-policy", "cross-origin");
        if (found.kind === "redirect") {
          // The signed URL lives 10 minutes at least: a cache may keep the redirect for one.
          return reply.header("cache-control", "public, max-age=60").redirect(found.url, 302);
        }
        if (found.kind === "segment") {
          reply.header("cache-control", SEGMENT_CACHE_CONTROL);
          return reply.type("video/mp2t").send(found.body);
        }
        // A playlist changes every second until it ends; an ended recording never changes again.
        const ended = file === "vod.m3u8" && found.ended;
        reply.header("cache-control", ended ? "public, max-age=86400" : LIVE_PLAYLIST_CACHE_CONTROL);
        if (found.lastModified) reply.header("last-modified", found.lastModified.toUTCString());
        return reply.type(PLAYLIST_TYPE).send(found.body);
      },
    });
  };
}
