import type { ChatType, EventAccess, EventRole, OrgRole, RoomSession } from "@onstage/domain";
import type { Queryable } from "../../platform/database";
import { type Opener, reachableParams, reachableSql } from "../events/unlisted";
import { ROOM_SESSION_COLUMNS, type RoomSessionRow, toRoomSession } from "../sessions/service";
import { banSql } from "./bans";

// Where a topic lives (event, session, chat) and who the viewer is there (roles, registration, bans,
// unlisted grant), read in one statement: the access kernel's only query.

export interface PlaceEvent {
  id: number;
  organizationId: number;
  access: EventAccess;
  /** The event or its channel was deleted. */
  deleted: boolean;
  archived: boolean;
  /** Unlisted, and the viewer neither opened it by its code nor holds a role on it (events/unlisted.ts). */
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
}

export interface Place {
  event: PlaceEvent;
  session: RoomSession | null;
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
}

// $1 is the place's id, $2 the viewer's user id (null for a visitor), $3 the viewer's grant holders.
const VIEWER_COLUMNS = `
  eur.event_role, eur.video_session_ids, om.role AS org_role,
  EXISTS (SELECT 1 FROM event_registrations r WHERE r.event_id = e.id AND r.user_id = $2) AS is_registered,
  ${banSql("visible", { user: "$2", event: "e.id", organization: "e.organization_id" })} AS is_banned,
  ${banSql("shadow", { user: "$2", event: "e.id" })} AS is_shadow_banned,
  (SELECT u.email_verified_at IS NOT NULL FROM users u WHERE u.id = $2) AS email_verified`;

const EVENT_COLUMNS = `
  e.id AS event_id, e.organization_id, e.access,
  (e.deleted_at IS NOT NULL OR o.deleted_at IS NOT NULL) AS deleted, e.archived_at IS NOT NULL AS archived,
  NOT ${reachableSql("e", "$2", "$3")} AS unreached`;

const VIEWER_JOINS = `
  JOIN organizations o ON o.id = e.organization_id
  LEFT JOIN events_users_roles eur ON eur.event_id = e.id AND eur.user_id = $2
  LEFT JOIN organization_members om ON om.organization_id = e.organization_id AND om.user_id = $2`;

const SQL = {
  event: `SELECT ${EVENT_COLUMNS}, ${VIEWER_COLUMNS}
            FROM events e ${VIEWER_JOINS}
           WHERE e.id = $1`,
  session: `SELECT ${EVENT_COLUMNS}, ${ROOM_SESSION_COLUMNS}, ${VIEWER_COLUMNS}
              FROM video_sessions vs JOIN events e ON e.id = vs.event_id ${VIEWER_JOINS}
             WHERE vs.id = $1 AND vs.deleted_at IS NULL`,
  chat: `SELECT ${EVENT_COLUMNS}, ${ROOM_SESSION_COLUMNS}, c.id AS chat_id, c.chat_type, ${VIEWER_COLUMNS}
           FROM chats c JOIN video_sessions vs ON vs.id = c.video_session_id AND vs.deleted_at IS NULL
           JOIN events e ON e.id = vs.event_id ${VIEWER_JOINS}
          WHERE c.id = $1`,
} as const;

export type PlaceKind = keyof typeof SQL;

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
  if (!r) return null;
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
    },
  };
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
