import { type EventCard, EventPageData, NotFound } from "@onstage/domain";
import { type EventStanding, findStanding } from "../../kernel/access/queries";
import { listSessions } from "../../kernel/sessions/service";
import type { Database } from "../../platform/database";
import { hasPaidTicket } from "../payments/service";
import { PublicPages } from "./public-pages";
import {
  type EventRecord,
  findEventPageByCode,
  listChannelEvents,
  listEventCardsByIds,
  listUpcomingPublicEvents,
} from "./queries";

// What other features use of events: the .ics of an event (registration mails) and its seat count
// (registration's unregister, under the event's lock).
export { eventCalendar } from "./calendar";
export { countRegistrations } from "./queries";

const UPCOMING_LIMIT = 48;
/**
 * Signed-in viewers' encoded pages kept per node (one per event and viewer, some tens of KB each with
 * their compressed bytes): a busy event's audience, not every account.
 */
export const VIEWER_PAGE_MAX_ENTRIES = 2_000;

/** An event page as one viewer (or every visitor) sees it, as its JSON answer. */
export interface EncodedPage {
  eventId: number;
  isPrivate: boolean;
  json: string;
}

type ViewerOnEvent = EventStanding & { hasPaid: boolean };

const ANONYMOUS: ViewerOnEvent = {
  eventRole: null,
  orgRole: null,
  speakerSessionIds: [],
  isRegistered: false,
  hasPaid: false,
  isBanned: false,
};

/** Spec 1 §9: private events, trial or lapsed channels, and unavailable events are noindex/nofollow. */
export function isNoindex(record: EventRecord): boolean {
  const d = record.details;
  return (
    d.private ||
    !record.subscriptionCurrent ||
    record.onFreeTrial ||
    d.deletedAt !== null ||
    d.archivedAt !== null
  );
}

export function eventsService(db: Database, clock: () => Date) {
  const publicPages = new PublicPages();
  // What the page shows of the event is the same for everyone; only `viewer` is asked per request.
  const eventParts = publicPages.cache<Omit<EventPageData, "viewer">>();
  const visitorPages = publicPages.cache<EncodedPage>();
  // Keyed by viewer: every change of a viewer's standing on the event publishes on its topic (roles,
  // channel roles, bans, registrations, tickets), which drops the event's pages on every node.
  const viewerPages = publicPages.cache<EncodedPage>(VIEWER_PAGE_MAX_ENTRIES);

  async function viewerOn(eventId: number, userId: number | null): Promise<ViewerOnEvent> {
    if (userId === null) return ANONYMOUS;
    const [standing, hasPaid] = await Promise.all([
      findStanding(db, eventId, userId),
      hasPaidTicket(db, userId, eventId),
    ]);
    return { ...standing, hasPaid };
  }

  const eventPart = (eventCode: string) =>
    eventParts.get(eventCode, async () => {
      const record = await findEventPageByCode(db, eventCode, clock());
      if (!record) throw NotFound("event_not_found");
      // Spec 1 §4: deleted events redirect with a toast (archived ones are decided per viewer).
      if (record.details.deletedAt) throw NotFound("event_deleted");
      const { details, tickets, customRegistrationFields, registeredCount } = record;
      const sessions = await listSessions(db, details.id);
      const part = { event: details, sessions, tickets, customRegistrationFields, registeredCount };
      return { eventId: details.id, value: { ...part, noindex: isNoindex(record) } };
    });

  async function pageOf(eventCode: string, userId: number | null): Promise<EventPageData> {
    const part = await eventPart(eventCode);
    const viewer = await viewerOn(part.event.id, userId);
    // Spec 1 §4: archived events stay visible to channel members.
    if (part.event.archivedAt && viewer.orgRole === null) throw NotFound("event_archived");
    return { ...part, viewer: { userId, ...viewer } };
  }

  return {
    upcoming: (): Promise<EventCard[]> => listUpcomingPublicEvents(db, clock(), UPCOMING_LIMIT),

    ofChannel: (organizationId: number): Promise<EventCard[]> =>
      listChannelEvents(db, organizationId, clock()),

    /** Cards of the given events (not deleted or archived), upcoming first: /my-events. */
    cardsOf: (eventIds: readonly number[]): Promise<EventCard[]> =>
      listEventCardsByIds(db, eventIds, clock()),

    /**
     * The event page as `userId` (null: a visitor) sees it: the event's part from the node's short cache,
     * the viewer's standing asked each time (a visitor's costs no query).
     */
    page: pageOf,

    /**
     * The page as `page` gives it, already encoded as the route answers it (the response schema's
     * encode, then JSON): a cached read costs neither a query nor the serializer's walk over the page.
     */
    encodedPage: (eventCode: string, userId: number | null): Promise<EncodedPage> => {
      const cache = userId === null ? visitorPages : viewerPages;
      return cache.get(`${eventCode}\n${userId}`, async () => {
        const page = await pageOf(eventCode, userId);
        const json = JSON.stringify(EventPageData.encode(page));
        return {
          eventId: page.event.id,
          value: { eventId: page.event.id, isPrivate: page.event.private, json },
        };
      });
    },

    /** For other caches of what an event code shows (the server-rendered pages), dropped the same way. */
    publicPages,
    /** The event, its sessions or its registrations changed (on any node): its cached pages go. */
    eventChanged: (eventId: number) => publicPages.eventChanged(eventId),
  };
}

export type EventsService = ReturnType<typeof eventsService>;
