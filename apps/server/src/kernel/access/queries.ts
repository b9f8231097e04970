import type {
  ChatType,
  EventAccess,
  EventRole,
  IntentType,
  MediaRoomJoin,
  OrgRole,
  RoomSession,
} from "@onstage/domain";
import { type Queryable, statement } from "../../platform/database";
import { banSql } from "../bans/queries";
import { ROOM_SESSION_COLUMNS, type RoomSessionRow, toRoomSession } from "../sessions/service";
import { type Opener, reachableParams } from "../unlisted/grants";
import { reachableSql, userHoldersSql } from "../unlisted/queries";

// Where a topic lives (event, session, chat) and who the viewer is there (roles, registration, bans,
// unlisted grant), read in one statement; and a channel's events, for news of a person's standing.

export interface PlaceEvent {
  id: number;
  organizationId: number;
  access: EventAccess;
  /** The event or its channel was deleted. */
  deleted: boolean;
  archived: boolean;
  /** Unlisted, and the viewer neither opened it by its code nor holds a role on it (kernel/unlisted). */
  unreached: boolean;
}

export interface PlaceViewer {
  userId: number | null;
  eventRole: EventRole | null;
  orgRole: OrgRole | null;
  speakerSessionIds: number[];
  isRegistered: boolean;
  /** An active non-shadow event ban or a channel ban. */
  isBanned: boolean;
  /** An active shadow ban in this event: the user must not notice it. */
  isShadowBanned: boolean;
  emailVerified: boolean;
  /** The viewer's stage intent in the session (issue 12 §2: an accepted invite puts them on stage). */
  stageIntent: IntentType | null;
}

export interface Place {
  event: PlaceEvent;
  session: RoomSession | null;
  /** The session's media room (spec 3 §8); null for an event place. */
  webrtcProvider: MediaRoomJoin["provider"] | null;
  chat: { id: number; chatType: ChatType } | null;
  viewer: PlaceViewer;
}

// An event place has no session columns.
interface PlaceRow extends Partial<Omit<RoomSessionRow, "event_id" | "organization_id">> {
  event_id: number;
  organization_id: number;
  access: EventAccess;
  deleted: boolean;
  archived: boolean;
  unreached: boolean;
  chat_id: number | null;
  chat_type: ChatType | null;
  event_role: EventRole | null;
  video_session_ids: number[] | null;
  org_role: OrgRole | null;
  is_registered: boolean;
  is_banned: boolean;
  is_shadow_banned: boolean;
  email_verified: boolean | null;
  webrtc_provider?: MediaRoomJoin["provider"];
  stage_intent?: IntentType | null;
}

/** SQL naming the viewer: their user id (null for a visitor) and the text[] of their grant holders. */
interface ViewerSql {
  user: string;
  holders: string;
}

const viewerColumns = ({ user }: ViewerSql) => `
  eur.event_role, eur.video_session_ids, om.role AS org_role,
  EXISTS (SELECT 1 FROM event_registrations r WHERE r.event_id = e.id AND r.user_id = ${user}) AS is_registered,
  ${banSql("visible", { user, event: "e.id", organization: "e.organization_id" })} AS is_banned,
  ${banSql("shadow", { user, event: "e.id" })} AS is_shadow_banned,
  (SELECT u.email_verified_at IS NOT NULL FROM users u WHERE u.id = ${user}) AS email_verified`;

const eventColumns = ({ user, holders }: ViewerSql) => `
  e.id AS event_id, e.organization_id, e.access,
  (e.deleted_at IS NOT NULL OR o.deleted_at IS NOT NULL) AS deleted, e.archived_at IS NOT NULL AS archived,
  NOT ${reachableSql("e", user, holders)} AS unreached`;

const viewerJoins = ({ user }: ViewerSql) => `
  JOIN organizations o ON o.id = e.organization_id
  LEFT JOIN events_users_roles eur ON eur.event_id = e.id AND eur.user_id = ${user}
  LEFT JOIN organization_members om ON om.organization_id = e.organization_id AND om.user_id = ${user}`;

/** A session place's columns: the room's, the media room it asks for (spec 3 §8), the viewer's stage intent. */
const sessionColumns = ({ user }: ViewerSql) => `${ROOM_SESSION_COLUMNS}, vs.webrtc_provider,
  (SELECT si.intent_type FROM video_session_intents si
    WHERE si.video_session_id = vs.id AND si.user_id = ${user}) AS stage_intent`;

// $1 is the place's id, $2 the viewer's user id (null for a visitor), $3 the viewer's grant holders.
const ONE: ViewerSql = { user: "$2", holders: "$3" };

// Named: one of these runs on most signed-in requests (node-postgres plans it once per connection).
const SQL = {
  event: statement(
    "place_event",
    `SELECT ${eventColumns(ONE)}, ${viewerColumns(ONE)}
            FROM events e ${viewerJoins(ONE)}
           WHERE e.id = $1`,
  ),
  session: statement(
    "place_session",
    `SELECT ${eventColumns(ONE)}, ${sessionColumns(ONE)}, ${viewerColumns(ONE)}
              FROM video_sessions vs JOIN events e ON e.id = vs.event_id ${viewerJoins(ONE)}
             WHERE vs.id = $1 AND vs.deleted_at IS NULL`,
  ),
  chat: statement(
    "place_chat",
    `SELECT ${eventColumns(ONE)}, ${sessionColumns(ONE)}, c.id AS chat_id, c.chat_type, ${viewerColumns(ONE)}
           FROM chats c JOIN video_sessions vs ON vs.id = c.video_session_id AND vs.deleted_at IS NULL
           JOIN events e ON e.id = vs.event_id ${viewerJoins(ONE)}
          WHERE c.id = $1`,
  ),
} as const;

export type PlaceKind = keyof typeof SQL;

// $1 is the session's id, $2 the bigint[] of signed-in users (each with only their own grants).
const EACH: ViewerSql = { user: "viewer.user_id", holders: userHoldersSql("viewer.user_id") };
const SESSION_OF_EACH_SQL = `
  SELECT viewer.user_id AS viewer_user_id, ${eventColumns(EACH)}, ${sessionColumns(EACH)}, ${viewerColumns(EACH)}
    FROM video_sessions vs JOIN events e ON e.id = vs.event_id
    CROSS JOIN unnest($2::bigint[]) AS viewer(user_id) ${viewerJoins(EACH)}
   WHERE vs.id = $1 AND vs.deleted_at IS NULL`;

function toPlace(r: PlaceRow, viewerUserId: number | null): Place {
  return {
    event: {
      id: r.event_id,
      organizationId: r.organization_id,
      access: r.access,
      deleted: r.deleted,
      archived: r.archived,
      unreached: r.unreached,
    },
    session: r.session_id ? toRoomSession(r as RoomSessionRow) : null,
    webrtcProvider: r.webrtc_provider ?? null,
    chat: r.chat_id && r.chat_type ? { id: r.chat_id, chatType: r.chat_type } : null,
    viewer: {
      userId: viewerUserId,
      eventRole: r.event_role,
      orgRole: r.org_role,
      speakerSessionIds: r.video_session_ids ?? [],
      isRegistered: r.is_registered,
      isBanned: r.is_banned,
      isShadowBanned: r.is_shadow_banned,
      emailVerified: r.email_verified ?? false,
      stageIntent: r.stage_intent ?? null,
    },
  };
}

/**
 * The event, session or chat `id` with the viewer's standing there; null when it does not exist. The
 * browser's grant key counts for unlisted events (a visitor who opened one by its code).
 */
export async function findPlace(
  db: Queryable,
  kind: PlaceKind,
  id: number,
  viewerUserId: number | null,
  browserKey: string | null = null,
): Promise<Place | null> {
  const opener: Opener = { userId: viewerUserId, browserKey };
  const [r] = await db.query<PlaceRow>(SQL[kind], [id, ...reachableParams(opener)]);
  return r ? toPlace(r, viewerUserId) : null;
}

/**
 * Session `sessionId` as `findPlace` sees it for each of the signed-in `userIds` (no browser grants), in
 * one statement; empty when the session does not exist.
 */
export async function findSessionPlaces(
  db: Queryable,
  sessionId: number,
  userIds: number[],
): Promise<Map<number, Place>> {
  if (userIds.length === 0) return new Map();
  const rows = await db.query<PlaceRow & { viewer_user_id: number }>(SESSION_OF_EACH_SQL, [
    sessionId,
    userIds,
  ]);
  return new Map(rows.map((r) => [r.viewer_user_id, toPlace(r, r.viewer_user_id)]));
}

/** A signed-in user's standing on an event: roles, registration and bans that refuse (not shadow ones). */
export interface EventStanding {
  eventRole: EventRole | null;
  orgRole: OrgRole | null;
  speakerSessionIds: number[];
  isRegistered: boolean;
  isBanned: boolean;
}

const NO_STANDING: EventStanding = {
  eventRole: null,
  orgRole: null,
  speakerSessionIds: [],
  isRegistered: false,
  isBanned: false,
};

/** The standing of `userId` on event `eventId`; none at all when the event does not exist. */
export async function findStanding(db: Queryable, eventId: number, userId: number): Promise<EventStanding> {
  const place = await findPlace(db, "event", eventId, userId);
  if (!place) return NO_STANDING;
  const { eventRole, orgRole, speakerSessionIds, isRegistered, isBanned } = place.viewer;
  return { eventRole, orgRole, speakerSessionIds, isRegistered, isBanned };
}

/** The live events of a channel: a channel ban evicts the user from every one. */
export async function channelEventIds(db: Queryable, organizationId: number): Promise<number[]> {
  const rows = await db.query<{ id: number }>(
    "SELECT id FROM events WHERE organization_id = $1 AND deleted_at IS NULL ORDER BY id",
    [organizationId],
  );
  return rows.map((r) => r.id);
}

/** The user's role in the channel, or null for a non-member. */
export async function findOrgRole(
  db: Queryable,
  organizationId: number,
  userId: number,
): Promise<OrgRole | null> {
  const [r] = await db.query<{ role: OrgRole }>(
    "SELECT role FROM organization_members WHERE organization_id = $1 AND user_id = $2",
    [organizationId, userId],
  );
  return r?.role ?? null;
}
