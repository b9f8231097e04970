import { RECORDER_SIGN_IN_PATH, RecorderSignInRequest, Unauthorized } from "@onstage/domain";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import type { TokenVerifier } from "livekit-server-sdk";
import { z } from "zod";
import { issueRecorderCredential, onAirRecorderGrants } from "../../kernel/recorder/credential";
import type { LivekitConfig } from "../../platform/media-room/livekit/livekit-media-room";
import { livekitClient } from "../../platform/media-room/livekit/sdk";
import type { FeatureDeps } from "../deps";

// LiveKit Egress opens the recorder view with a token of its own: signed with the project's secret, a
// hidden recorder in `session-{id}`. This route trades it for the recorder credential of that session
// (kernel/recorder), so the template reads the session as the host who went live: events a visitor
// cannot open, and the Q&A card. Only while that stream is on air (the grant go live recorded).

const ROOM = /^session-(\d{1,15})$/;

/** The session whose room an Egress token records, or null for any other token. */
async function recordedSession(verifier: TokenVerifier, token: string): Promise<number | null> {
  const claims = await verifier.verify(token).catch(() => null);
  const grant = claims?.video;
  const room = grant?.roomJoin && grant.recorder === true ? ROOM.exec(grant.room ?? "") : null;
  return room ? Number(room[1]) : null;
}

export function recorderSignInRoutes(deps: FeatureDeps, config: LivekitConfig): FastifyPluginAsyncZod {
  const verifier = livekitClient((sdk) => new sdk.TokenVerifier(config.apiKey, config.apiSecret));
  return async (app) => {
    app.post(
      RECORDER_SIGN_IN_PATH,
      {
        schema: {
          tags: ["broadcast"],
          summary: "LiveKit Egress's template signs in as the session's recorder (its LiveKit token)",
          body: RecorderSignInRequest,
          response: { 204: z.null() },
        },
      },
      async (req, reply) => {
        const sessionId = await recordedSession((await verifier()).client, req.body.token);
        const grants = sessionId === null ? [] : await onAirRecorderGrants(deps.db);
        const grant = grants.find((g) => g.sessionId === sessionId);
        if (!grant) throw Unauthorized("invalid_recorder_token");
        const secret = await issueRecorderCredential(deps.db, grant);
        reply.setCookie(deps.policy.recorderCookie, secret, {
          path: "/",
          httpOnly: true,
          sameSite: "lax",
          secure: deps.policy.secure,
        });
        return reply.code(204).send(null);
      },
    );
  };
}
