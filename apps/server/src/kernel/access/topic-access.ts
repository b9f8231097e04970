import {
  errorMessage,
  Forbidden,
  NotFound,
  OnstageError,
  type RoomSession,
  type Topic,
  type TopicContext,
  type TopicKind,
  type TopicRefusal,
  topicRefusal,
  Unauthorized,
  type ViewerFlags,
  viewerFlags,
} from "@onstage/domain";
import type { Queryable } from "../../platform/database";
import { findPlace, findSessionPlaces, type Place, type PlaceKind } from "./queries";

// Who may read what (issue 6): HTTP reads and writes of a topic's data are authorised exactly like a
// subscription to the topic, by the domain's topicRefusal over a context built from the database.

export interface PlaceAccess extends Place {
  flags: ViewerFlags;
  context: TopicContext;
}

const PLACE_OF_TOPIC: Record<Exclude<TopicKind, "user">, PlaceKind> = {
  event: "event",
  session: "session",
  presence: "session",
  chat: "chat",
  polls: "session",
  "polls-team": "session",
};

function withContext(place: Place): PlaceAccess {
  const { viewer, event, session, chat } = place;
  const flags = viewerFlags(viewer, session?.id ?? null);
  const context: TopicContext = {
    flags,
    viewerUserId: viewer.userId,
    // Spec 1 §4: a registration, an event role or a channel role lets a user in.
    hasRole: viewer.isRegistered || viewer.eventRole !== null || viewer.orgRole !== null,
    isBanned: viewer.isBanned,
    event: {
      access: event.access,
      deleted: event.deleted,
      archived: event.archived,
      unreached: event.unreached,
    },
    ...(session ? { session: { sessionType: session.sessionType, hideAudience: session.hideAudience } } : {}),
    ...(chat ? { chatType: chat.chatType } : {}),
  };
  return { ...place, flags, context };
}

/** The context a user topic needs: only who is asking. */
function userTopicContext(viewerUserId: number | null): TopicContext {
  return {
    flags: viewerFlags({ userId: viewerUserId, eventRole: null, orgRole: null }, null),
    viewerUserId,
    hasRole: false,
    isBanned: false,
    event: { access: "open", deleted: false, archived: false },
  };
}

/**
 * For the socket server and HTTP alike: whether `viewerUserId` may read `topic`, and the event the
 * topic belongs to (null for user topics), so a ban can evict every subscription of that event.
 */
export async function topicAccess(
  db: Queryable,
  viewerUserId: number | null,
  topic: Topic,
  browserKey: string | null = null,
): Promise<{ refusal: TopicRefusal | null; eventId: number | null }> {
  if (topic.kind === "user") {
    return { refusal: topicRefusal("user", userTopicContext(viewerUserId), topic.id), eventId: null };
  }
  const place = await findPlace(db, PLACE_OF_TOPIC[topic.kind], topic.id, viewerUserId, browserKey);
  if (!place) return { refusal: "not_found", eventId: null };
  return { refusal: topicRefusal(topic.kind, withContext(place).context, topic.id), eventId: place.event.id };
}

/** A refusal as the HTTP error a client sees; `notFound` names what is missing. */
export function refusalError(refusal: TopicRefusal, notFound: string): OnstageError {
  switch (refusal) {
    case "no_token":
      return Unauthorized();
    case "forbidden":
      return Forbidden();
    case "banned":
      // Same code as a refused registration, in the room's words.
      return new OnstageError("forbidden", "banned", errorMessage("removed_from_event"));
    case "not_found":
      return NotFound(notFound);
  }
}

const NOT_FOUND_CODE: Record<PlaceKind, string> = {
  event: "event_not_found",
  session: "session_not_found",
  chat: "chat_not_found",
};

/**
 * The place behind a topic with the viewer's flags, when the viewer may read the topic; otherwise the
 * refusal is thrown (401 no_token, 403 forbidden, 403 banned, 404 {event,session,chat}_not_found).
 * `browserKey` lets a visitor who opened an unlisted event by its code read it (kernel/unlisted).
 */
export async function requireTopicReader(
  db: Queryable,
  viewerUserId: number | null,
  topic: Topic & { kind: Exclude<TopicKind, "user"> },
  browserKey: string | null = null,
): Promise<PlaceAccess> {
  const placeKind = PLACE_OF_TOPIC[topic.kind];
  const place = await findPlace(db, placeKind, topic.id, viewerUserId, browserKey);
  if (!place) throw NotFound(NOT_FOUND_CODE[placeKind]);
  const access = withContext(place);
  const refusal = topicRefusal(topic.kind, access.context, topic.id);
  if (refusal) throw refusalError(refusal, NOT_FOUND_CODE[placeKind]);
  return access;
}

/**
 * `requireTopicReader` of `session:{sessionId}` for many signed-in users in one query: the access of each
 * user who may read it; the others (all of them when the session is gone) are absent.
 */
export async function sessionReaders(
  db: Queryable,
  sessionId: number,
  userIds: number[],
): Promise<Map<number, PlaceAccess>> {
  const readers = new Map<number, PlaceAccess>();
  for (const [userId, place] of await findSessionPlaces(db, sessionId, userIds)) {
    const access = withContext(place);
    if (topicRefusal("session", access.context, sessionId) === null) readers.set(userId, access);
  }
  return readers;
}

/** The session of a session, presence or chat place (always there for those kinds). */
export function sessionOf(access: PlaceAccess): RoomSession {
  if (!access.session) throw NotFound("session_not_found");
  return access.session;
}
