import {
  AnswerHandBody,
  HostIntentBody,
  IntentResponse,
  IntentsQuery,
  IntentsResponse,
  InviteBody,
  OwnIntentBody,
} from "@onstage/domain";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { requireViewer } from "../../kernel/identity/viewer";
import type { MediaRoomPort } from "../../platform/media-room/port";
import type { FeatureDeps } from "../deps";
import { intentsService } from "./service";

const BASE = "/api/video-session/intents";

export function intentsRoutes(deps: FeatureDeps, mediaRoom: MediaRoomPort): FastifyPluginAsyncZod {
  const intents = intentsService(deps, mediaRoom);
  const tags = ["intents"];
  return async (app) => {
    app.get(
      BASE,
      {
        schema: {
          tags,
          summary: "The session's stage intents (spec 2 §7: video_session_intents by session)",
          querystring: IntentsQuery,
          response: { 200: IntentsResponse },
        },
      },
      async (req) => intents.list(req.viewerUserId, req.query.video_session_id),
    );
    // Every move answers with the intent after it; the body names the session (and the person, for a host).
    const moves = [
      [
        "raise-hand",
        OwnIntentBody,
        "Raise a hand (allow raising hands on, open stage off)",
        intents.raiseHand,
      ],
      ["lower-hand", OwnIntentBody, "Lower one's own raised hand", intents.lowerHand],
      [
        "accept",
        OwnIntentBody,
        "Accept one's own invitation to the stage (spec 2 §4 Accept)",
        intents.accept,
      ],
      [
        "decline",
        OwnIntentBody,
        "'No, thanks' to one's own invitation, or leave the stage (spec 2 §4 Deny)",
        intents.decline,
      ],
      [
        "invite",
        InviteBody,
        "Invite To Main Stage, To Gallery or To Stage Left (spec 1 §2, §5)",
        intents.invite,
      ],
      [
        "answer-hand",
        AnswerHandBody,
        "A host's Accept (with a tile state) or Ignore of a raised hand (spec 1 §2, §5)",
        intents.answerHand,
      ],
      [
        "uninvite",
        HostIntentBody,
        "Uninvite: the invitation sent or accepted is deleted, and the user leaves the stage",
        intents.uninvite,
      ],
    ] as const;
    for (const [path, body, summary, move] of moves) {
      app.post(
        `${BASE}/${path}`,
        { schema: { tags, summary, body, response: { 200: IntentResponse } } },
        // Each body schema is the one its move takes.
        async (req) =>
          (move as (userId: number, body: unknown) => Promise<IntentResponse>)(requireViewer(req), req.body),
      );
    }
  };
}
