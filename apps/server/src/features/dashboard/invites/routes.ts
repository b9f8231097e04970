import { AcceptInviteResponse, InviteIdParams, MyInvitesResponse, Unauthorized } from "@onstage/domain";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { requireViewer } from "../../../kernel/identity/viewer";
import { withOutbox } from "../../../platform/realtime/outbox";
import type { FeatureDeps } from "../../deps";
import { listInvitesTo } from "./queries";
import { acceptTeamInvite } from "./service";

const tags = ["dashboard"];

/** Issue 10 §1.1: the invitee's side of team invitations, for a signed-in user. */
export function myInvitesRoutes({
  db,
  auth,
  clock,
  realtime,
}: Pick<FeatureDeps, "db" | "auth" | "clock" | "realtime">): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      "/api/invites",
      {
        schema: {
          tags,
          summary: "Open team invitations to the user's address, once that address is verified",
          response: { 200: MyInvitesResponse },
        },
      },
      async (req) => {
        const user = await auth.me(requireViewer(req));
        // Whoever merely typed the address at sign-up learns nothing of the invitations sent to it.
        return { invites: user?.emailVerified ? await listInvitesTo(db, user.email) : [] };
      },
    );

    app.post(
      "/api/invites/:inviteId/accept",
      {
        schema: {
          tags,
          summary: "Join the team that sent this invitation (a verified account with its address)",
          params: InviteIdParams,
          response: { 200: AcceptInviteResponse },
        },
      },
      async (req) => {
        const user = await auth.me(requireViewer(req));
        if (!user) throw Unauthorized();
        const channelId = await withOutbox(db, realtime, (tx, outbox) =>
          acceptTeamInvite(
            tx,
            outbox,
            req.params.inviteId,
            { userId: user.id, email: user.email, emailVerified: user.emailVerified },
            clock().getTime(),
          ),
        );
        return { channelId };
      },
    );
  };
}
