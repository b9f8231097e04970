import type {
  BroadcastType,
  ChatType,
  EventAccess,
  EventRole,
  OrgRole,
  RoomSession,
  SessionState,
  SessionType,
} from "@onstage/domain";
import type { Queryable } from "../../platform/database";

// Where a topic lives (event, session, chat) and who the viewer is there, read in one statement.

export interface PlaceEvent {
  id: number;
  organizationId: number;
  access: EventAccess;
  /** The event or its channel was deleted. */
  deleted: boolean;
  archived: boolean;
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

interface PlaceRow {
  event_id: number;
  organization_id: number;
  access: EventAccess;
  deleted: boolean;
  archived: boolean;
  session_id: number | null;
  title: string | null;
  state: SessionState | null;
  session_type: SessionType | null;
  broadcast_type: BroadcastType | null;
  hide_audience: boolean | null;
  disable_chat: boolean | null;
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

// $1 is the place's id, $2 the viewer's user id (null for a visitor).
const VIEWER_COLUMNS = `
  eur.event_role, eur.video_session_ids, om.role AS org_role,
  EXISTS (SELECT 1 FROM event_registrations r WHERE r.event_id = e.id AND r.user_id = $2) AS is_registered,
  EXISTS (SELECT 1 FROM bans b WHERE b.user_id = $2 AND b.active
            AND ((b.ban_type = 'event' AND b.event_id = e.id AND NOT b.is_shadow)
              OR (b.ban_type = 'organization' AND b.organization_id = e.organization_id))) AS is_banned,
  EXISTS (SELECT 1 FROM bans b WHERE b.user_id = $2 AND b.active
            AND b.ban_type = 'event' AND b.event_id = e.id AND b.is_shadow) AS is_shadow_banned,
  (SELECT u.email_verified_at IS NOT NULL FROM users u WHERE u.id = $2) AS email_verified`;

const EVENT_COLUMNS = `
  e.id AS event_id, e.organization_id, e.access,
  (e.deleted_at IS NOT NULL OR o.deleted_at IS NOT NULL) AS deleted, e.archived_at IS NOT NULL AS archived`;

const SESSION_COLUMNS = `
  vs.id AS session_id, vs.title, vs.state, vs.session_type, vs.broadcast_type, vs.hide_audience, vs.disable_chat`;

const VIEWER_JOINS = `
  JOIN organizations o ON o.id = e.organization_id
  LEFT JOIN events_users_roles eur ON eur.event_id = e.id AND eur.user_id = $2
  LEFT JOIN organization_members om ON om.organization_id = e.organization_id AND om.user_id = $2`;

const SQL = {
  event: `SELECT ${EVENT_COLUMNS}, ${VIEWER_COLUMNS}
            FROM events e ${VIEWER_JOINS}
           WHERE e.id = $1`,
  session: `SELECT ${EVENT_COLUMNS}, ${SESSION_COLUMNS}, ${VIEWER_COLUMNS}
              FROM video_sessions vs JOIN events e ON e.id = vs.event_id ${VIEWER_JOINS}
             WHERE vs.id = $1 AND vs.deleted_at IS NULL`,
  chat: `SELECT ${EVENT_COLUMNS}, ${SESSION_COLUMNS}, c.id AS chat_id, c.chat_type, ${VIEWER_COLUMNS}
           FROM chats c JOIN video_sessions vs ON vs.id = c.video_session_id AND vs.deleted_at IS NULL
           JOIN events e ON e.id = vs.event_id ${VIEWER_JOINS}
          WHERE c.id = $1`,
} as const;

export type PlaceKind = keyof typeof SQL;

/** The event, session or chat `id` with the viewer's standing there; null when it does not exist. */
export async function findPlace(
  db: Queryable,
  kind: PlaceKind,
  id: number,
  viewerUserId: number | null,
): Promise<Place | null> {
  const [r] = await db.query<PlaceRow>(SQL[kind], [id, viewerUserId]);
  if (!r) return null;
  return {
    event: {
      id: r.event_id,
      organizationId: r.organization_id,
      access: r.access,
      deleted: r.deleted,
      archived: r.archived,
    },
    session: r.session_id === null || r.session_id === undefined ? null : toRoomSession(r),
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

function toRoomSession(r: PlaceRow): RoomSession {
  return {
    id: r.session_id ?? 0,
    eventId: r.event_id,
    organizationId: r.organization_id,
    title: r.title ?? "",
    state: r.state ?? "scheduled",
    sessionType: r.session_type ?? "regular",
    broadcastType: r.broadcast_type ?? "webrtc",
    hideAudience: r.hide_audience ?? false,
    disableChat: r.disable_chat ?? false,
  };
}

/** The chats of a session, public first. */
export function listChats(db: Queryable, sessionId: number) {
  return db.query<{ id: number; chatType: ChatType }>(
    `SELECT id, chat_type AS "chatType" FROM chats WHERE video_session_id = $1
      ORDER BY chat_type = 'backstage', id`,
    [sessionId],
  );
}

/** Registrations of the event and users live in the session within the window. */
export async function roomCounts(
  db: Queryable,
  ids: { eventId: number; sessionId: number },
  liveSince: Date,
): Promise<{ registeredCount: number; liveCount: number }> {
  const [r] = await db.query<{ registered: number; live: number }>(
    `SELECT (SELECT count(*)::int FROM event_registrations WHERE event_id = $1) AS registered,
            (SELECT count(*)::int FROM video_session_users
              WHERE video_session_id = $2 AND state <> 'offline' AND last_seen >= $3) AS live`,
    [ids.eventId, ids.sessionId, liveSince],
  );
  return { registeredCount: r?.registered ?? 0, liveCount: r?.live ?? 0 };
}

/** Spec 2 §7 toggle-chat under the session row's lock; null when the session is gone. */
export async function setChatDisabled(
  tx: Queryable,
  sessionId: number,
  disableChat: boolean,
): Promise<{ changed: boolean } | null> {
  const [old] = await tx.query<{ disable_chat: boolean }>(
    "SELECT disable_chat FROM video_sessions WHERE id = $1 AND deleted_at IS NULL FOR UPDATE",
    [sessionId],
  );
  if (!old) return null;
  if (old.disable_chat === disableChat) return { changed: false };
  await tx.query("UPDATE video_sessions SET disable_chat = $2, updated_at = now() WHERE id = $1", [
    sessionId,
    disableChat,
  ]);
  return { changed: true };
}
