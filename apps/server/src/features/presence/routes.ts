import {
  ClaimTabRequest,
  ClaimTabResponse,
  Forbidden,
  LeaveSessionForm,
  LiveUsersResponse,
  OkResponse,
  RoomQuery,
  UnsetActiveBrowserIdRequest,
} from "@onstage/domain";
import type { FastifyPluginAsyncZod, ZodTypeProvider } from "fastify-type-provider-zod";
import { requireViewer } from "../../kernel/identity/viewer";
import type { FeatureDeps } from "../deps";
import type { PresenceService } from "./service";
import { tabService } from "./tabs/service";

const tags = ["presence"];

/** Spec 2 §7: sent by navigator.sendBeacon on page unload, which cannot set the CSRF header. */
export const LEAVE_SESSION_PATH = "/api/event/users/leave-session";

/** Live users, the one active tab and the leave beacon; heartbeats arrive through the realtime server. */
export function presenceRoutes(deps: FeatureDeps, presence: PresenceService): FastifyPluginAsyncZod {
  const tabs = tabService(deps);
  const publicOrigin = new URL(deps.publicUrl).origin;
  return async (app) => {
    app.get(
      "/api/video-session/live-users",
      {
        schema: {
          tags,
          summary: "Users live in the session within 90 s, newest first, with the presence topic's sequence",
          querystring: RoomQuery,
          response: { 200: LiveUsersResponse },
        },
      },
      async (req) => presence.liveUsers(req.viewerUserId, req.query.video_session_id, req.browserKey),
    );

    app.post(
      "/api/video-session/claim-tab",
      {
        schema: {
          tags,
          summary: "Claim this tab as the user's one active tab in the session (spec 1 §4 duplicate tab)",
          body: ClaimTabRequest,
          response: { 200: ClaimTabResponse },
        },
      },
      async (req) => tabs.claim(requireViewer(req), req.body),
    );

    // Spec 2 §7 names it /api/hasura/unset-active-browser-id; the room's own path serves the same.
    for (const url of ["/api/video-session/unset-active-browser-id", "/api/hasura/unset-active-browser-id"]) {
      app.post(
        url,
        {
          schema: {
            tags,
            summary: "Give up the active tab; clearAllBrowserIds (host level) frees every tab of the session",
            body: UnsetActiveBrowserIdRequest,
            response: { 200: OkResponse },
          },
        },
        async (req) => {
          await tabs.unset(requireViewer(req), req.body);
          return { ok: true as const };
        },
      );
    }

    // The beacon posts a form; only this route reads one.
    await app.register(async (beacon) => {
      beacon.addContentTypeParser(
        "application/x-www-form-urlencoded",
        { parseAs: "string", bodyLimit: 1024 },
        (_req, body, done) => done(null, Object.fromEntries(new URLSearchParams(String(body)))),
      );
      // CSRF-exempt (sendBeacon sets no header), so the browser's Origin must be ours.
      beacon.addHook("onRequest", async (req) => {
        if (req.headers.origin !== publicOrigin) throw Forbidden();
      });
      beacon.withTypeProvider<ZodTypeProvider>().post(
        LEAVE_SESSION_PATH,
        {
          schema: {
            tags,
            summary: "Page-unload beacon: the user leaves the session (form fields, spec 2 §7)",
            consumes: ["application/x-www-form-urlencoded"],
            body: LeaveSessionForm,
          },
        },
        async (req, reply) => {
          const userId = requireViewer(req);
          // The identity is the session cookie's; the form's user id must agree with it.
          if (Number(req.body.userIdStr) !== userId) throw Forbidden();
          await presence.leave(userId, Number(req.body.videoSessionIdStr), req.body.browserIdStr ?? null);
          return reply.code(204).send();
        },
      );
    });
  };
}
