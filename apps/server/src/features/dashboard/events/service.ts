import { randomInt } from "node:crypto";
import {
  BadRequest,
  Conflict,
  type CreateEventInput,
  canManageChannel,
  canonicalTimeZone,
  type DashEventListResponse,
  type DashEventResponse,
  type EventAccess,
  eventCodeSlug,
  isSupportedCurrency,
  metaPixelIdRefusal,
  NotFound,
  sessionCountRefusal,
  type UpdateEventRequest,
} from "@onstage/domain";
import { countSessions, createFirstSession, listSessions } from "../../../kernel/sessions/service";
import type { Queryable } from "../../../platform/database";
import { updateColumns } from "../../../platform/database/rows";
import { type ImageUpload, storeImage } from "../../../platform/images/uploads";
import type { FeatureDeps } from "../../deps";
import { type ManagedEvent, requireChannelMember, requireEventManager } from "../access";
import { listCoupons } from "../coupons/queries";
import { changeEvent } from "../event-updated";
import { listQuestions } from "../questions/queries";
import { listTickets } from "../tickets/queries";
import * as q from "./queries";

/** Cover photos are shown 16:9 on the landing page and in cards. */
const COVER_SIZE = { width: 1600, height: 900 };
const EVENT_CODE_ATTEMPTS = 5;
const ALPHANUMERIC = "abcdefghijklmnopqrstuvwxyz0123456789";

/** The event page's address: the title's slug and a short random suffix, so codes are readable and unguessable enough. */
const newEventCode = (title: string) =>
  `${eventCodeSlug(title)}-${Array.from({ length: 6 }, () => ALPHANUMERIC[randomInt(36)]).join("")}`;

const timeZoneOf = (value: string) => canonicalTimeZone(value) ?? raise("invalid_time_zone");
const currencyOf = (value: string) => (isSupportedCurrency(value) ? value : raise("invalid_currency"));
const blankToNull = (value: string | null | undefined) =>
  value === undefined ? undefined : value?.trim() ? value : null;

/** Issue 28 §5: blank clears the pixel; anything else must be the ID's digits. */
function metaPixelIdOf(value: string | null | undefined) {
  const id = blankToNull(value);
  if (!id) return id;
  const refusal = metaPixelIdRefusal(id);
  return refusal ? raise(refusal) : id;
}

function raise(code: string): never {
  throw BadRequest(code);
}

/** The DB holds this too; checking first gives the host a clear error instead of a failed insert. */
function assertPatreonTier(access: EventAccess, tierCents: number | null) {
  if (access === "patreon" && tierCents === null) raise("patreon_tier_required");
}

async function dashEventView(db: Queryable, manager: ManagedEvent): Promise<DashEventResponse> {
  const [event, sessions, tickets, coupons, questions] = await Promise.all([
    q.findDashEvent(db, manager.id),
    listSessions(db, manager.id),
    listTickets(db, manager.id),
    listCoupons(db, manager.id),
    listQuestions(db, manager.id),
  ]);
  if (!event) throw NotFound("event_not_found");
  const viewer = {
    orgRole: manager.orgRole,
    eventRole: manager.eventRole,
    canManageChannel: canManageChannel(manager.orgRole),
  };
  return { event, sessions, tickets, coupons, questions, viewer };
}

export function dashEventsService(deps: Pick<FeatureDeps, "db" | "storage" | "clock" | "realtime">) {
  const { db, storage, clock } = deps;
  const view = async (userId: number, eventId: number) =>
    dashEventView(db, await requireEventManager(db, userId, eventId));

  return {
    async list(userId: number, channelId: number): Promise<DashEventListResponse> {
      await requireChannelMember(db, userId, channelId);
      return { events: await q.listChannelEvents(db, channelId, clock()) };
    },

    get: view,

    /** Any channel member creates events; the creator becomes the event's host. */
    async create(userId: number, channelId: number, input: CreateEventInput): Promise<DashEventResponse> {
      await requireChannelMember(db, userId, channelId);
      const patreonTierAmountCents = input.patreonTierAmountCents ?? null;
      assertPatreonTier(input.access, patreonTierAmountCents);
      const fields = {
        organizationId: channelId,
        title: input.title,
        description: input.description,
        timezone: timeZoneOf(input.timezone),
        access: input.access,
        private: input.private,
        password: blankToNull(input.password) ?? null,
        seatLimit: input.seatLimit ?? null,
        customRegisterButtonText: blankToNull(input.customRegisterButtonText) ?? null,
        multiSession: input.multiSession,
        eventTicketCurrency: currencyOf(input.eventTicketCurrency),
        patreonTierAmountCents,
        hideUnregister: input.hideUnregister,
        createdBy: userId,
      };
      const eventId = await db.transaction(async (tx) => {
        for (let attempt = 0; attempt < EVENT_CODE_ATTEMPTS; attempt++) {
          const id = await q.insertEvent(tx, { ...fields, eventCode: newEventCode(input.title) });
          if (id === null) continue;
          await q.insertHostRole(tx, id, userId);
          await createFirstSession(tx, id, input.firstSession);
          return id;
        }
        throw new Error("no free event code");
      });
      return view(userId, eventId);
    },

    async update(userId: number, eventId: number, input: UpdateEventRequest): Promise<DashEventResponse> {
      const manager = await requireEventManager(db, userId, eventId);
      const current = await q.findEventSettings(db, eventId);
      if (!current) throw NotFound("event_not_found");
      const tier =
        input.patreonTierAmountCents !== undefined
          ? input.patreonTierAmountCents
          : current.patreonTierAmountCents;
      assertPatreonTier(input.access ?? current.access, tier);
      if (input.multiSession === false) {
        const refusal = sessionCountRefusal("single", {
          multiSession: false,
          sessionCount: await countSessions(db, eventId),
        });
        if (refusal) throw Conflict(refusal);
      }
      const columns = {
        title: input.title,
        description: input.description,
        timezone: input.timezone === undefined ? undefined : timeZoneOf(input.timezone),
        access: input.access,
        private: input.private,
        password: blankToNull(input.password),
        seat_limit: input.seatLimit,
        custom_register_button_text: blankToNull(input.customRegisterButtonText),
        multi_session: input.multiSession,
        event_ticket_currency:
          input.eventTicketCurrency === undefined ? undefined : currencyOf(input.eventTicketCurrency),
        patreon_tier_amount_cents: input.patreonTierAmountCents,
        hide_unregister: input.hideUnregister,
        meta_pixel_id: metaPixelIdOf(input.metaPixelId),
        meta_pixel_event_page_load: input.metaPixelEventPageLoad,
        meta_pixel_event_registration_completed: input.metaPixelEventRegistrationCompleted,
      };
      await changeEvent(deps, eventId, (tx) =>
        updateColumns(tx, "events", eventId, columns, { touch: true }),
      );
      return dashEventView(db, manager);
    },

    /** Spec 1 §4: archived events leave the channel page and stay visible to the channel's members. */
    async setArchived(userId: number, eventId: number, archived: boolean): Promise<DashEventResponse> {
      const manager = await requireEventManager(db, userId, eventId);
      await changeEvent(deps, eventId, (tx) => q.setArchived(tx, eventId, archived));
      return dashEventView(db, manager);
    },

    /** Soft delete (spec 1 §4 'This event was deleted'); not while a session is in the greenroom or on air. */
    async remove(userId: number, eventId: number): Promise<void> {
      await requireEventManager(db, userId, eventId);
      if (await q.hasLiveSession(db, eventId)) throw Conflict("session_live");
      await changeEvent(deps, eventId, (tx) => q.softDeleteEvent(tx, eventId));
    },

    async setCover(userId: number, eventId: number, upload: ImageUpload): Promise<DashEventResponse> {
      const manager = await requireEventManager(db, userId, eventId);
      const url = await storeImage(storage, manager.organizationId, upload, COVER_SIZE);
      await changeEvent(deps, eventId, (tx) =>
        updateColumns(tx, "events", eventId, { cover_photo: url }, { touch: true }),
      );
      return dashEventView(db, manager);
    },
  };
}

export type DashEventsService = ReturnType<typeof dashEventsService>;
