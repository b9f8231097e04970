import { BadRequest, Forbidden, PlaybackBeacon, VIDEO_ANALYTICS_PAYLOAD_MAX_KB } from "@onstage/domain";
import type { FastifyPluginAsyncZod, ZodTypeProvider } from "fastify-type-provider-zod";
import { jsonOrNull } from "../../platform/json";
import type { PlaybackQualityService } from "./service";

/** navigator.sendBeacon sets no header: exempt from the CSRF check, the browser's Origin checked instead. */
export const PLAYBACK_BEACONS_PATH = "/api/playback/beacons";

/** Spec 3 §9: a beacon's payload is capped at 500 KB. */
const BEACON_BODY_LIMIT = VIDEO_ANALYTICS_PAYLOAD_MAX_KB * 1024;

export function playbackQualityRoutes(
  publicUrl: string,
  quality: PlaybackQualityService,
): FastifyPluginAsyncZod {
  const publicOrigin = new URL(publicUrl).origin;
  return async (app) => {
    // The player sends JSON as text/plain (sendBeacon and a no-preflight fetch); JSON is taken too.
    app.addContentTypeParser(
      "text/plain",
      { parseAs: "string", bodyLimit: BEACON_BODY_LIMIT },
      (_req, body, done) => {
        const value = jsonOrNull(String(body));
        if (value === null) done(BadRequest("invalid_json", "The beacon is not JSON."));
        else done(null, value);
      },
    );
    app.addHook("onRequest", async (req) => {
      if (req.headers.origin !== publicOrigin) throw Forbidden();
    });
    app.withTypeProvider<ZodTypeProvider>().post(
      PLAYBACK_BEACONS_PATH,
      {
        bodyLimit: BEACON_BODY_LIMIT,
        // Every viewer posts every 10 s: a line per request would drown the log (refusals still show).
        logLevel: "warn",
        schema: {
          tags: ["analytics"],
          summary:
            "The player's quality collector: a batch of at most 300 events of one view (issue 28 §1); " +
            "rate-limited per viewer and address",
          consumes: ["text/plain", "application/json"],
          body: PlaybackBeacon,
        },
      },
      async (req, reply) => {
        await quality.ingest(req.body, { userId: req.viewerUserId, address: req.ip });
        return reply.code(204).send();
      },
    );
  };
}
