import {
  type AddMemberRequest,
  type AddMemberResponse,
  Conflict,
  canManageChannel,
  Forbidden,
  NotFound,
  RateLimited,
  type TeamResponse,
  type TeamRole,
  teamChangeRefusal,
} from "@onstage/domain";
import type { MailMessage } from "../../platform/mail/mailer";
import { issueLinkToken } from "../auth/tokens";
import type { FeatureDeps } from "../deps";
import { requireChannelMember } from "./access";
import { findMyChannel, insertMember } from "./channels.queries";
import { teamAddedMail, teamInviteMail } from "./mails";
import * as q from "./team.queries";

/** Team invitations outlive sign-in links: people answer them days later (docs/decisions.md). */
const TEAM_INVITE_TTL_DAYS = 7;
/** At most this many invitation mails per channel per day, so the form cannot be used to spam. */
const TEAM_INVITES_PER_DAY = 50;

type Deps = Pick<FeatureDeps, "db" | "mailer" | "publicUrl" | "log" | "clock">;

export function dashTeamService({ db, mailer, publicUrl, log, clock }: Deps) {
  const deliver = (message: MailMessage) => {
    mailer.send(message).catch((error: unknown) => log.error({ err: error }, "team mail not sent"));
  };

  /** Only owners and admins change the team. */
  async function requireTeamManager(userId: number, channelId: number) {
    const access = await requireChannelMember(db, userId, channelId);
    if (!canManageChannel(access.orgRole)) throw Forbidden();
    return access;
  }

  async function mailContext(userId: number, channelId: number) {
    const channel = await findMyChannel(db, userId, channelId);
    return {
      channelName: channel?.channel.name ?? "a channel",
      inviterName: await q.displayName(db, userId),
    };
  }

  async function requireTarget(channelId: number, targetUserId: number) {
    const target = await q.findMember(db, channelId, targetUserId);
    if (!target) throw NotFound("member_not_found");
    return target;
  }

  return {
    async list(userId: number, channelId: number): Promise<TeamResponse> {
      await requireChannelMember(db, userId, channelId);
      const [members, invites] = await Promise.all([
        q.listMembers(db, channelId),
        q.listInvites(db, channelId),
      ]);
      return { members, invites };
    },

    /** An address with an account joins at once; any other gets an invitation that joins on acceptance. */
    async add(userId: number, channelId: number, input: AddMemberRequest): Promise<AddMemberResponse> {
      await requireTeamManager(userId, channelId);
      const context = await mailContext(userId, channelId);
      const existing = await q.findUserIdByEmail(db, input.email);
      if (existing !== null) {
        const added = await insertMember(db, {
          organizationId: channelId,
          userId: existing,
          role: input.role,
        });
        if (!added) throw Conflict("channel_member_exists");
        const member = await requireTarget(channelId, existing);
        deliver(teamAddedMail({ to: input.email, ...context, role: input.role, link: `${publicUrl}/dash` }));
        return { status: "added", member };
      }
      if ((await q.countRecentInvites(db, channelId)) >= TEAM_INVITES_PER_DAY) throw RateLimited();
      const ttlMinutes = TEAM_INVITE_TTL_DAYS * 24 * 60;
      const token = await issueLinkToken(db, {
        purpose: "invite",
        email: input.email,
        userId: null,
        payload: { organizationId: channelId, role: input.role },
        ttlMinutes,
        // Inviting the address again replaces this channel's earlier invitation, not other channels'.
        supersedes: { organizationId: channelId },
      });
      deliver(
        teamInviteMail({
          to: input.email,
          ...context,
          role: input.role,
          link: `${publicUrl}/auth/link#token=${token}&purpose=invite`,
          daysValid: TEAM_INVITE_TTL_DAYS,
        }),
      );
      const expiresAt = new Date(clock().getTime() + ttlMinutes * 60_000).toISOString();
      return { status: "invited", invite: { email: input.email, role: input.role, expiresAt } };
    },

    async setRole(userId: number, channelId: number, targetUserId: number, role: TeamRole) {
      const actor = await requireTeamManager(userId, channelId);
      const target = await requireTarget(channelId, targetUserId);
      const refusal = teamChangeRefusal(actor.orgRole, target.role);
      if (refusal === "forbidden") throw Forbidden();
      if (refusal) throw Conflict(refusal);
      await q.setMemberRole(db, { organizationId: channelId, userId: targetUserId, role });
      return { member: await requireTarget(channelId, targetUserId) };
    },

    async remove(userId: number, channelId: number, targetUserId: number): Promise<void> {
      const actor = await requireTeamManager(userId, channelId);
      const target = await requireTarget(channelId, targetUserId);
      const refusal = teamChangeRefusal(actor.orgRole, target.role);
      if (refusal === "forbidden") throw Forbidden();
      if (refusal) throw Conflict(refusal);
      await q.deleteMember(db, channelId, targetUserId);
    },
  };
}

export type DashTeamService = ReturnType<typeof dashTeamService>;
