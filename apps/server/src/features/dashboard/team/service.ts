import {
  type AddMemberRequest,
  Conflict,
  canManageChannel,
  Forbidden,
  NotFound,
  type TeamInviteResponse,
  type TeamResponse,
  type TeamRole,
  teamChangeRefusal,
} from "@onstage/domain";
import { tellChannelPeopleChanged } from "../../../kernel/access/people-changed";
import { withOutbox } from "../../../platform/realtime/outbox";
import type { FeatureDeps } from "../../deps";
import { requireChannelMember } from "../access";
import { findMyChannel } from "../channels/queries";
import { inviteMails, TEAM_INVITE_TTL_DAYS, TEAM_INVITE_TTL_MINUTES } from "../invites/mail-sender";
import { teamInviteMail } from "../invites/mails";
import * as invites from "../invites/queries";
import * as q from "./queries";

type Deps = Pick<FeatureDeps, "db" | "mailer" | "publicUrl" | "log" | "realtime">;

export function dashTeamService(deps: Deps) {
  const { db, realtime } = deps;
  const mails = inviteMails(deps);

  /** Only owners and admins change the team. */
  async function requireTeamManager(userId: number, channelId: number) {
    const access = await requireChannelMember(db, userId, channelId);
    if (!canManageChannel(access.orgRole)) throw Forbidden();
    return access;
  }

  async function requireTarget(channelId: number, targetUserId: number) {
    const target = await q.findMember(db, channelId, targetUserId);
    if (!target) throw NotFound("member_not_found");
    return target;
  }

  /**
   * An open team invitation of this channel; another channel's, a speaker's (the event editor's), or a
   * closed one, is not found.
   */
  async function requireOpenInvite(channelId: number, inviteId: number) {
    const invite = await invites.findInvite(db, inviteId, { lock: false });
    const isOpen = invite && invite.acceptedAt === null && invite.revokedAt === null;
    if (!isOpen || invite.organizationId !== channelId || invite.eventId !== null)
      throw NotFound("invite_not_found");
    return invite;
  }

  async function mailInvite(senderId: number, invite: invites.TeamInviteRecord) {
    const channel = await findMyChannel(db, senderId, invite.organizationId);
    const inviterName = await q.displayName(db, senderId);
    await mails.send(invite, ({ link, hasAccount }) =>
      teamInviteMail({
        to: invite.email,
        channelName: channel?.channel.name ?? "a channel",
        inviterName,
        role: invite.role,
        link,
        daysValid: TEAM_INVITE_TTL_DAYS,
        hasAccount,
      }),
    );
    return { invite: invites.toTeamInvite(invite) };
  }

  return {
    async list(userId: number, channelId: number): Promise<TeamResponse> {
      await requireChannelMember(db, userId, channelId);
      const [members, open] = await Promise.all([
        q.listMembers(db, channelId),
        invites.listChannelInvites(db, channelId),
      ]);
      return { members, invites: open };
    },

    /**
     * Issue 10 §1.1: nobody is put on the team by address alone. Every address, with an account or
     * without, gets an invitation that its owner accepts after proving the inbox.
     */
    async add(userId: number, channelId: number, input: AddMemberRequest): Promise<TeamInviteResponse> {
      await requireTeamManager(userId, channelId);
      const existing = await q.findUserIdByEmail(db, input.email);
      if (existing !== null && (await q.findMember(db, channelId, existing)))
        throw Conflict("channel_member_exists");
      await mails.assertUnderLimit(channelId);
      const invite = await invites.upsertInvite(db, {
        organizationId: channelId,
        email: input.email,
        role: input.role,
        invitedBy: userId,
        ttlMinutes: TEAM_INVITE_TTL_MINUTES,
      });
      return mailInvite(userId, invite);
    },

    async resendInvite(userId: number, channelId: number, inviteId: number): Promise<TeamInviteResponse> {
      await requireTeamManager(userId, channelId);
      const invite = await requireOpenInvite(channelId, inviteId);
      await mails.assertUnderLimit(channelId);
      return mailInvite(userId, await invites.renewInvite(db, invite, TEAM_INVITE_TTL_MINUTES));
    },

    async revokeInvite(userId: number, channelId: number, inviteId: number): Promise<void> {
      await requireTeamManager(userId, channelId);
      await db.transaction(async (tx) => {
        const invite = await invites.findInvite(tx, inviteId, { lock: true });
        const isTeams = invite?.organizationId === channelId && invite.eventId === null;
        if (!invite || !isTeams || invite.acceptedAt !== null) throw NotFound("invite_not_found");
        // Revoking twice is the same as once.
        if (invite.revokedAt === null) await invites.closeInvite(tx, inviteId, "revoked");
      });
    },

    async setRole(userId: number, channelId: number, targetUserId: number, role: TeamRole) {
      const actor = await requireTeamManager(userId, channelId);
      const target = await requireTarget(channelId, targetUserId);
      const refusal = teamChangeRefusal(actor.orgRole, target.role);
      if (refusal === "forbidden") throw Forbidden();
      if (refusal) throw Conflict(refusal);
      await withOutbox(db, realtime, async (tx, outbox) => {
        await q.setMemberRole(tx, { organizationId: channelId, userId: targetUserId, role });
        await tellChannelPeopleChanged(tx, outbox, channelId, targetUserId);
      });
      return { member: await requireTarget(channelId, targetUserId) };
    },

    async remove(userId: number, channelId: number, targetUserId: number): Promise<void> {
      const actor = await requireTeamManager(userId, channelId);
      const target = await requireTarget(channelId, targetUserId);
      const refusal = teamChangeRefusal(actor.orgRole, target.role);
      if (refusal === "forbidden") throw Forbidden();
      if (refusal) throw Conflict(refusal);
      await withOutbox(db, realtime, async (tx, outbox) => {
        await q.deleteMember(tx, channelId, targetUserId);
        await tellChannelPeopleChanged(tx, outbox, channelId, targetUserId);
      });
    },
  };
}

export type DashTeamService = ReturnType<typeof dashTeamService>;
