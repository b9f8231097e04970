import { type EventCard, type EventPageData, NotFound } from "@onstage/domain";
import type { Database } from "../../platform/database";
import { type EventStanding, findStanding } from "../access/queries";
import { hasPaidTicket } from "../payments/queries";
import { listSessions } from "../sessions/service";
import {
  countRegistrations,
  type EventRecord,
  findEventByCode,
  listChannelEvents,
  listCustomRegistrationFields,
  listEventCardsByIds,
  listTickets,
  listUpcomingPublicEvents,
} from "./queries";

const UPCOMING_LIMIT = 48;

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
  async function viewerOn(record: EventRecord, userId: number | null): Promise<ViewerOnEvent> {
    if (userId === null) return ANONYMOUS;
    const eventId = record.details.id;
    const [standing, hasPaid] = await Promise.all([
      findStanding(db, eventId, userId),
      hasPaidTicket(db, userId, eventId),
    ]);
    return { ...standing, hasPaid };
  }

  return {
    upcoming: (): Promise<EventCard[]> => listUpcomingPublicEvents(db, clock(), UPCOMING_LIMIT),

    ofChannel: (organizationId: number): Promise<EventCard[]> =>
      listChannelEvents(db, organizationId, clock()),

    /** Cards of the given events (not deleted or archived), upcoming first: /my-events. */
    cardsOf: (eventIds: readonly number[]): Promise<EventCard[]> =>
      listEventCardsByIds(db, eventIds, clock()),

    /** The record behind a share link, or null when the code is unknown (server-rendered previews). */
    findByCode: (eventCode: string): Promise<EventRecord | null> => findEventByCode(db, eventCode, clock()),

    async page(eventCode: string, userId: number | null): Promise<EventPageData> {
      const record = await findEventByCode(db, eventCode, clock());
      if (!record) throw NotFound("event_not_found");
      // Spec 1 §4: deleted events redirect with a toast; archived ones stay visible to channel members.
      if (record.details.deletedAt) throw NotFound("event_deleted");
      const viewer = await viewerOn(record, userId);
      if (record.details.archivedAt && viewer.orgRole === null) throw NotFound("event_archived");
      const eventId = record.details.id;
      const [sessions, tickets, customRegistrationFields, registeredCount] = await Promise.all([
        listSessions(db, eventId),
        listTickets(db, eventId),
        listCustomRegistrationFields(db, eventId),
        countRegistrations(db, eventId),
      ]);
      return {
        event: record.details,
        sessions,
        tickets,
        customRegistrationFields,
        registeredCount,
        viewer: { userId, ...viewer },
        noindex: isNoindex(record),
      };
    },
  };
}

export type EventsService = ReturnType<typeof eventsService>;
