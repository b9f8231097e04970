import {
  type AnalyticsEventName,
  type BanRequest,
  type ChannelBansQuery,
  type ChannelBansResponse,
  type ChannelUnbanRequest,
  Conflict,
  canBan,
  canUnban,
  Forbidden,
  isHostLevel,
  type ModerationAction,
  type ModerationAuditResponse,
  NotFound,
  type ViewerFlags,
  viewerFlags,
} from "@onstage/domain";
import { tellPeopleChanged } from "../../kernel/access/people-changed";
import { channelEventIds, findPlace, type Place } from "../../kernel/access/queries";
import { clearBannedQaOnStage } from "../../kernel/sessions/service";
import type { Queryable } from "../../platform/database";
import { withOutbox } from "../../platform/realtime/outbox";
import type { FeatureDeps } from "../deps";
import { removeFromEvents } from "../presence/service";
import { requireChannelManager } from "./channel";
import {
  banUserId,
  findBanOf,
  findBanTarget,
  findChannelBan,
  findOrganizationBan,
  insertBan,
  liftBan,
  listAudit,
  listChannelBans,
  lockEventBan,
  recordAudit,
  unshadowBan,
} from "./queries";

export { requireChannelManager } from "./channel";
// What other features use of moderation: the audit log (registration's remove-attendee) and the
// channel manager check (the plan page).
export { recordAudit } from "./queries";

export type ModerationDeps = Pick<FeatureDeps, "db" | "realtime" | "tracker" | "clock" | "lifecycle">;

/** The banned users and audit rows read per page (not in the specs). */
const MODERATION_PAGE_SIZE = 50;

/** Event roles that only a host-level actor may ban (a moderator cannot ban the event's host). */
const HOST_ROLES = new Set(["host", "owner", "admin"]);

/** The event named by the request, in the named channel, with the actor's flags on it. */
async function eventOfChannel(
  db: Queryable,
  actorId: number,
  ids: { eventId: number; organizationId: number },
): Promise<{ place: Place; flags: ViewerFlags }> {
  const place = await findPlace(db, "event", ids.eventId, actorId);
  // An unlisted event the actor never reached is no event at all (kernel/unlisted).
  if (
    !place ||
    place.event.deleted ||
    place.event.unreached ||
    place.event.organizationId !== ids.organizationId
  ) {
    throw NotFound("event_not_found");
  }
  return { place, flags: viewerFlags(place.viewer, null) };
}

/** The audit log's word for each kind of ban. */
function banAction(input: { banType: "event" | "organization"; isShadow: boolean }): ModerationAction {
  if (input.banType === "organization") return "channel_ban";
  return input.isShadow ? "shadow_ban" : "ban";
}

/** The analytics event of spec 1 §7 for each kind of ban. */
function banEventName(input: { banType: "event" | "organization"; isShadow: boolean }): AnalyticsEventName {
  if (input.banType === "organization") return "user-banned-from-channel";
  return input.isShadow ? "user-shadow-banned" : "user-banned-and-removed";
}

export function moderationService(deps: ModerationDeps) {
  const { db, realtime, tracker } = deps;

  /**
   * Lifts an active ban, audited. The events it covered hear of it (a channel ban's: every event of the
   * channel); the audit names the event it was lifted from, if any.
   */
  async function lift(
    actorId: number,
    ban: { id: number; organizationId: number; eventId: number | null; channelWide: boolean },
  ): Promise<void> {
    const eventIds =
      ban.channelWide || ban.eventId === null ? await channelEventIds(db, ban.organizationId) : [ban.eventId];
    const targetUserId = await withOutbox(db, realtime, async (tx, outbox) => {
      await liftBan(tx, ban.id, actorId);
      const targetUserId = await banUserId(tx, ban.id);
      await recordAudit(tx, {
        organizationId: ban.organizationId,
        eventId: ban.eventId,
        actorId,
        targetUserId,
        action: "unban",
        details: { banId: ban.id },
      });
      await tellPeopleChanged(outbox, eventIds, targetUserId);
      return targetUserId;
    });
    deps.lifecycle.emit("banChanged", { userId: targetUserId, eventIds });
  }

  /** Records the ban; returns its id, whether it is new, and whether the user must leave now. */
  async function recordBan(tx: Queryable, actorId: number, input: BanRequest) {
    const base = {
      userId: input.user_id,
      organizationId: input.organization_id,
      bannedBy: actorId,
      banType: input.ban_type,
    };
    if (input.ban_type === "organization") {
      const id = await insertBan(tx, { ...base, eventId: null, isShadow: false });
      if (id !== null) return { banId: id, created: true, removes: true, isShadow: false };
      const existing = await findOrganizationBan(tx, input.organization_id, input.user_id);
      if (existing === null) throw new Error("channel ban neither inserted nor found");
      return { banId: existing, created: false, removes: false, isShadow: false };
    }
    const existing = await lockEventBan(tx, input.event_id, input.user_id);
    if (existing) {
      // A shadow ban may become a ban that removes; a repeat, or a shadow ban after a ban, changes nothing.
      if (existing.isShadow && !input.shadow) {
        await unshadowBan(tx, existing.id);
        return { banId: existing.id, created: false, removes: true, isShadow: false };
      }
      return { banId: existing.id, created: false, removes: false, isShadow: existing.isShadow };
    }
    const id = await insertBan(tx, { ...base, eventId: input.event_id, isShadow: input.shadow });
    if (id === null) {
      // Another request banned the user first; its ban stands.
      const winner = await lockEventBan(tx, input.event_id, input.user_id);
      if (!winner) throw new Error("event ban neither inserted nor found");
      return { banId: winner.id, created: false, removes: false, isShadow: winner.isShadow };
    }
    return { banId: id, created: true, removes: !input.shadow, isShadow: input.shadow };
  }

  return {
    /**
     * Spec 1 §4 ban flow: a shadow ban (the user stays, their messages are hidden from others), ban and
     * remove, or a channel ban. A ban that removes takes the user out of the events' sessions, tells
     * their tabs on user:{userId} ("banned") and evicts their subscriptions on every node.
     */
    async ban(actorId: number, input: BanRequest): Promise<{ banId: number; created: boolean }> {
      const { flags } = await eventOfChannel(db, actorId, {
        eventId: input.event_id,
        organizationId: input.organization_id,
      });
      if (!canBan(flags)) throw Forbidden();
      // docs/decisions.md: a channel ban reaches every event of the channel, so it takes a channel role.
      if (input.ban_type === "organization" && !flags.isOrgMember) throw Forbidden();
      if (input.user_id === actorId) throw Conflict("ban_self");
      const target = await findBanTarget(db, {
        userId: input.user_id,
        eventId: input.event_id,
        organizationId: input.organization_id,
      });
      if (!target) throw NotFound("user_not_found");
      if (target.orgRole !== null) throw Conflict("ban_channel_member");
      if (target.eventRole && HOST_ROLES.has(target.eventRole) && !isHostLevel(flags)) throw Forbidden();
      const eventIds =
        input.ban_type === "organization"
          ? await channelEventIds(db, input.organization_id)
          : [input.event_id];

      const result = await withOutbox(db, realtime, async (tx, outbox) => {
        const recorded = await recordBan(tx, actorId, input);
        // Issue 23 §2.9: out of the events' topics on every node before the ban commits, so nothing
        // committed with it or after it is fanned out to the user's connections (a timing otherwise:
        // another node could fan out its next commit before hearing of the ban).
        if (recorded.removes) await realtime.evict(input.user_id, eventIds, "banned");
        await clearBannedQaOnStage(tx, outbox, input.user_id, eventIds);
        if (recorded.removes) {
          await removeFromEvents(tx, outbox, { userId: input.user_id, eventIds, at: deps.clock() });
          await outbox.write(
            { kind: "user", id: input.user_id },
            { kind: "broadcast", event: "banned", payload: { eventId: input.event_id } },
          );
        }
        if (recorded.created || recorded.removes) {
          await recordAudit(tx, {
            organizationId: input.organization_id,
            eventId: input.event_id,
            actorId,
            targetUserId: input.user_id,
            action: banAction({ banType: input.ban_type, isShadow: recorded.isShadow }),
            details: { banId: recorded.banId },
          });
          await tellPeopleChanged(outbox, eventIds, input.user_id);
          await tracker.track(
            banEventName({ banType: input.ban_type, isShadow: recorded.isShadow }),
            {
              userId: input.user_id,
              eventId: input.event_id,
              organizationId: input.organization_id,
              properties: { banId: recorded.banId, bannedBy: actorId },
            },
            tx,
          );
        }
        return recorded;
      });
      if (result.created || result.removes)
        deps.lifecycle.emit("banChanged", { userId: input.user_id, eventIds });
      if (result.removes) deps.lifecycle.emit("userRemoved", { userId: input.user_id, eventIds });
      return { banId: result.banId, created: result.created };
    },

    /** Lifts a ban of this event or channel; lifting a lifted ban is fine. */
    async unban(
      actorId: number,
      input: { ban_id: number; event_id: number; organization_id: number },
    ): Promise<void> {
      const { flags } = await eventOfChannel(db, actorId, {
        eventId: input.event_id,
        organizationId: input.organization_id,
      });
      if (!canUnban(flags)) throw Forbidden();
      const ban = await findBanOf(db, {
        banId: input.ban_id,
        eventId: input.event_id,
        organizationId: input.organization_id,
      });
      if (!ban) throw NotFound("ban_not_found");
      if (ban.banType === "organization" && !flags.isOrgMember) throw Forbidden();
      if (ban.active)
        await lift(actorId, {
          id: ban.id,
          organizationId: input.organization_id,
          eventId: input.event_id,
          channelWide: ban.banType === "organization",
        });
    },

    /** /settings?tab=advanced: a channel owner or admin lifts any ban of the channel. */
    async unbanInChannel(actorId: number, input: ChannelUnbanRequest): Promise<void> {
      await requireChannelManager(db, input.organization_id, actorId);
      const ban = await findChannelBan(db, { banId: input.ban_id, organizationId: input.organization_id });
      if (!ban) throw NotFound("ban_not_found");
      if (ban.active)
        await lift(actorId, {
          id: ban.id,
          organizationId: input.organization_id,
          eventId: ban.eventId,
          channelWide: ban.eventId === null,
        });
    },

    /** The channel's active bans, searchable, with who banned each user and when. */
    async channelBans(actorId: number, query: ChannelBansQuery): Promise<ChannelBansResponse> {
      await requireChannelManager(db, query.organization_id, actorId);
      const rows = await listChannelBans(db, {
        organizationId: query.organization_id,
        search: query.search || null,
        limit: MODERATION_PAGE_SIZE + 1,
        offset: query.offset,
      });
      return { bans: rows.slice(0, MODERATION_PAGE_SIZE), hasMore: rows.length > MODERATION_PAGE_SIZE };
    },

    /** The channel's moderation audit log, newest first. */
    async audit(
      actorId: number,
      query: { organization_id: number; offset: number },
    ): Promise<ModerationAuditResponse> {
      await requireChannelManager(db, query.organization_id, actorId);
      const rows = await listAudit(db, {
        organizationId: query.organization_id,
        limit: MODERATION_PAGE_SIZE + 1,
        offset: query.offset,
      });
      return { entries: rows.slice(0, MODERATION_PAGE_SIZE), hasMore: rows.length > MODERATION_PAGE_SIZE };
    },
  };
}

export type ModerationService = ReturnType<typeof moderationService>;
