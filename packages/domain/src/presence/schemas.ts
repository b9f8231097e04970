import { z } from "zod";
import { SessionStream } from "../broadcast/schemas";
import { Chat } from "../chat/schemas";
import { ViewerDelivery } from "../delivery/rules";
import { RegisteredUserFilter } from "../people/registered-users";
import { BroadcastType, EventRole, SessionState, SessionType } from "../vocabulary";
import { Id, StoredText } from "../wire";

// The room: session settings, presence, the people lists, one active tab, bans (spec 1 §4, §7; spec 2 §4, §7).

export const PresenceStateSchema = z.enum(["active", "offline", "on_stage"]);

export const RoomQuery = z.object({ video_session_id: z.coerce.number().pipe(Id) }).strict();

export const RoomSession = z.object({
  id: z.number().int(),
  eventId: z.number().int(),
  organizationId: z.number().int(),
  title: z.string(),
  state: SessionState,
  sessionType: SessionType,
  broadcastType: BroadcastType,
  hideAudience: z.boolean(),
  disableChat: z.boolean(),
  allowRaisingHands: z.boolean(),
  openStage: z.boolean(),
  disableQa: z.boolean(),
  /** Spec 2 §3, §7: the Q&A shown on the stage, and truncated there. */
  qaShowOnStage: z.boolean(),
  qaTruncateOnStage: z.boolean(),
  /** Issue 12: the question the team last answered onto the stage (qaStageCard draws it); null when none. */
  qaOnStage: z
    .object({
      questionId: z.number().int(),
      content: z.string(),
      firstName: z.string(),
      lastName: z.string(),
    })
    .nullable(),
  /** Spec 2 §4: the host's record choice while broadcasting (the live stream carries it too). */
  isRecording: z.boolean(),
  /** When the session last went live; null before its first go-live or after a reset. */
  timeBroadcastStart: z.iso.datetime().nullable(),
  timeBroadcastEnd: z.iso.datetime().nullable(),
  /** Issue 27: the team's show-to-all flag (HLS for the whole audience). */
  showToAll: z.boolean(),
  /** Issue 27: how the audience watches the broadcast now (`roomDelivery`); `?useHLS`/`?useWebRTC` force either. */
  delivery: ViewerDelivery,
});
export type RoomSession = z.infer<typeof RoomSession>;

export const RoomResponse = z.object({
  session: RoomSession,
  /** Only the chats this viewer may read: backstage chat for the team. */
  chats: z.array(Chat),
  registeredCount: z.number().int(),
  /** Spec 2 §6: only members or admins see the live count; null for everyone else. */
  liveCount: z.number().int().nullable(),
  viewer: z.object({ userId: z.number().int().nullable(), emailVerified: z.boolean() }),
  /** The session's current stream: the one on air, else the latest not deleted; null when none. */
  stream: SessionStream.nullable(),
  /** Spec 2 §4 go-live popover: the channel's follower count, for the host level only (else null). */
  followerCount: z.number().int().nonnegative().nullable(),
  /** Spec 2 §8: the live attendee limit the team is warned at (the plan's); null for everyone else. */
  liveAttendeeLimit: z.number().int().positive().nullable(),
});
export type RoomResponse = z.infer<typeof RoomResponse>;

export const LiveUser = z.object({
  userId: z.number().int(),
  sessionId: z.number().int(),
  state: PresenceStateSchema,
  lastSeen: z.iso.datetime(),
  /** Issue 29 §2 (spec 1 §9): live, but no activity in their tab for IDLE_TIMEOUT_MS. */
  idle: z.boolean(),
  firstName: z.string(),
  lastName: z.string(),
  profilePhoto: z.string().nullable(),
});
export type LiveUser = z.infer<typeof LiveUser>;

export const LiveUsersResponse = z.object({
  /** Users live within 90 s (active or on stage), newest first, at most LIVE_USERS_QUERY_LIMIT. */
  users: z.array(LiveUser),
  liveCount: z.number().int(),
  /** Of the live users, those idle (issue 29 §2). */
  idleCount: z.number().int(),
  /** The presence topic's sequence when read: subscribe with `since` = seq. */
  seq: z.number().int().nonnegative(),
});
export type LiveUsersResponse = z.infer<typeof LiveUsersResponse>;

export const RegisteredUsersQuery = z
  .object({
    event_id: z.coerce.number().pipe(Id),
    /** The session whose presence decides 'live' and 'on stage'. */
    video_session_id: z.coerce.number().pipe(Id),
    filter: RegisteredUserFilter.default("all"),
    /** search_event_users_fts: full-text over name and e-mail, at most 50 results (spec 1 §7, §9). */
    search: StoredText(200).trim().optional(),
    offset: z.coerce.number().int().min(0).max(100_000).default(0),
  })
  .strict();
export type RegisteredUsersQuery = z.infer<typeof RegisteredUsersQuery>;

export const RegisteredUserRow = z.object({
  userId: z.number().int(),
  firstName: z.string(),
  lastName: z.string(),
  profilePhoto: z.string().nullable(),
  eventRole: EventRole,
  /** A member of the event's channel: a host whatever their event role (spec 2 §6, the HOST badge). */
  isOrgMember: z.boolean(),
  isLive: z.boolean(),
  isOnStage: z.boolean(),
  updatedAt: z.iso.datetime(),
  /** Spec 2 §6: admins, moderators and members see a Banned badge; always false for others. */
  isBanned: z.boolean(),
  /** The ban the team's Unban User lifts (the channel ban first); null when not banned or not shown. */
  banId: z.number().int().nullable(),
});
export type RegisteredUserRow = z.infer<typeof RegisteredUserRow>;

export const RegisteredUsersResponse = z.object({
  users: z.array(RegisteredUserRow),
  hasMore: z.boolean(),
  total: z.number().int(),
});
export type RegisteredUsersResponse = z.infer<typeof RegisteredUsersResponse>;

/** A tab's id: random per tab (sessionStorage), never a secret. */
export const BrowserId = z.string().regex(/^[A-Za-z0-9_-]{8,64}$/);

export const ClaimTabRequest = z
  .object({ video_session_id: Id, browser_id: BrowserId, take_over: z.boolean().default(false) })
  .strict();
export const ClaimTabResponse = z.object({
  /** False when the session's state does not need a single tab (spec 1 §4). */
  required: z.boolean(),
  claim: z.enum(["granted", "taken_elsewhere"]),
  /** When taken elsewhere: the tab holding the session, so a tab of the same browser can ask if it lives. */
  activeBrowserId: BrowserId.optional(),
});
export type ClaimTabResponse = z.infer<typeof ClaimTabResponse>;

/** Spec 2 §7 /api/hasura/unset-active-browser-id, served as /api/video-session/unset-active-browser-id. */
export const UnsetActiveBrowserIdRequest = z
  .object({
    videoSessionId: Id,
    clearAllBrowserIds: z.boolean().default(false),
    browserId: BrowserId.optional(),
  })
  .strict();

/** Spec 2 §7: the page-unload beacon's form fields (strings, as a form sends them). */
export const LeaveSessionForm = z
  .object({
    videoSessionIdStr: z.string().regex(/^[1-9][0-9]{0,15}$/),
    userIdStr: z.string().regex(/^[1-9][0-9]{0,15}$/),
    browserIdStr: BrowserId.optional(),
  })
  .strict();
export type LeaveSessionForm = z.infer<typeof LeaveSessionForm>;

/** Spec 1 §4 ban flow: a shadow ban in the event, ban and remove, or a ban from the channel. */
export const BanRequest = z
  .object({
    user_id: Id,
    event_id: Id,
    organization_id: Id,
    ban_type: z.enum(["event", "organization"]),
    /** Event bans only: a shadow ban keeps the user in, with their messages hidden from others. */
    shadow: z.boolean().default(false),
  })
  .strict();
export type BanRequest = z.infer<typeof BanRequest>;
export const BanResponse = z.object({ banId: z.number().int() });

export const UnbanRequest = z.object({ ban_id: Id, event_id: Id, organization_id: Id }).strict();
