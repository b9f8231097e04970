import {
  Conflict,
  Forbidden,
  hostControls,
  type MediaRoomJoin,
  NotFound,
  type RoomSession,
  type StageRights,
  stageIsOpen,
  stageRights,
  Unauthorized,
} from "@onstage/domain";
import {
  type PlaceAccess,
  requireTopicReader,
  sessionOf,
  sessionReaders,
} from "../../kernel/access/topic-access";
import type { Queryable } from "../../platform/database";
import { requireMediaRoomFor } from "../../platform/media-room";
import type { MediaRoomPort } from "../../platform/media-room/port";
import { withOutbox } from "../../platform/realtime/outbox";
import type { FeatureDeps } from "../deps";
import { setStagePresence } from "../presence/service";
import { limitAudienceWrite } from "../rate-limits/service";
import { findSessionStates, fullNameOf } from "./queries";

// Who is on the session's stage, decided from the database on every request and signalling message.

export interface StageStanding {
  rights: StageRights;
  session: RoomSession;
  webrtcProvider: MediaRoomJoin["provider"];
}

function standingOf(access: PlaceAccess): StageStanding {
  const session = sessionOf(access);
  const rights = stageRights({
    flags: access.flags,
    state: session.state,
    signedIn: access.viewer.userId !== null,
    isBanned: access.viewer.isBanned,
    isShadowBanned: access.viewer.isShadowBanned,
    // Issue 12 §2: an accepted invitee, and anyone while the open stage is on, goes on stage too.
    acceptedInvite: access.viewer.stageIntent === "invite_accepted",
    openStage: session.openStage && hostControls(session).showOpenStage,
  });
  return { rights, session, webrtcProvider: access.webrtcProvider ?? "embedded" };
}

/** The viewer's stage rights now; a session they may not even read is refused (401, 403, 404). */
export async function stageStanding(
  db: Queryable,
  userId: number | null,
  sessionId: number,
): Promise<StageStanding> {
  return standingOf(await requireTopicReader(db, userId, { kind: "session", id: sessionId }));
}

/** The stage rights of each of the members now, in one query; absent: they may not even read the session. */
export async function membersRights(
  db: Queryable,
  sessionId: number,
  userIds: number[],
): Promise<Map<number, StageRights>> {
  const readers = await sessionReaders(db, sessionId, userIds);
  return new Map([...readers].map(([userId, access]) => [userId, standingOf(access).rights]));
}

/**
 * Throws the refusal as the error the client sees: 401, 403, or 409 stage_closed; for a viewer place
 * (`viewing`, issue 27) the rule of watching, 409 not_broadcasting_yet off the air.
 */
export function requireStage(rights: StageRights, viewing = false): void {
  switch (viewing ? rights.viewRefusal : rights.refusal) {
    case null:
      return;
    case "signed_out":
      throw Unauthorized();
    case "banned":
    case "forbidden":
      throw Forbidden();
    case "stage_closed":
      throw Conflict("stage_closed");
    case "not_broadcasting_yet":
      throw Conflict("not_broadcasting_yet");
  }
}

/** Marks a member on the session's stage or off it (spec 2 §2 On Stage, from the presence list). */
export type StagePresence = (sessionId: number, userId: number, onStage: boolean) => Promise<void>;

/**
 * Each provider tells this who entered and left its room. A failed write is logged and the stage goes
 * on: the People tab is behind until the member's next change, and presence expires them as it does all.
 * One member's writes land in the order they were told: a closed tab's leave, begun before the new tab's
 * enter, must not land after it and show a member on the stage as off it.
 */
export function stagePresence(deps: Pick<FeatureDeps, "db" | "realtime" | "clock" | "log">): StagePresence {
  const queues = new Map<string, Promise<void>>();
  const write = (sessionId: number, userId: number, onStage: boolean) =>
    withOutbox(deps.db, deps.realtime, (tx, outbox) =>
      setStagePresence(tx, outbox, { sessionId, userId, onStage, at: deps.clock() }),
    ).catch((err: unknown) => deps.log.warn({ err, sessionId, userId }, "writing stage presence failed"));
  return (sessionId, userId, onStage) => {
    const key = `${sessionId}:${userId}`;
    const next = (queues.get(key) ?? Promise.resolve()).then(() => write(sessionId, userId, onStage));
    queues.set(key, next);
    void next.then(() => {
      if (queues.get(key) === next) queues.delete(key);
    });
    return next;
  };
}

export function stageService(db: Queryable, mediaRoom: MediaRoomPort, clock: () => Date) {
  return {
    /**
     * POST /api/video-session/join-stage: what the browser needs to join the session's media room, on
     * stage or (`view`, issue 27) in a viewer place, which only receives the program.
     */
    async join(userId: number, sessionId: number, eventId: number, view = false): Promise<MediaRoomJoin> {
      const { rights, session, webrtcProvider } = await stageStanding(db, userId, sessionId);
      if (session.eventId !== eventId) throw NotFound("session_not_found");
      requireStage(rights, view);
      const room = requireMediaRoomFor(mediaRoom, webrtcProvider);
      const name = await fullNameOf(db, userId);
      if (!view) return room.join({ sessionId, userId, name, canPublish: rights.canPublish });
      await limitAudienceWrite(db, clock().getTime(), { action: "viewer_place", userId, sessionId });
      return room.join({ sessionId, userId, name, canPublish: false, role: "viewer" });
    },

    /**
     * GET /api/video-session/program-publisher (issue 27): where the page composing the program (a host's,
     * or the recorder's) publishes it for the viewer places. Host level, while the stage is open.
     */
    async programPublisher(userId: number, sessionId: number): Promise<MediaRoomJoin> {
      const { rights, webrtcProvider } = await stageStanding(db, userId, sessionId);
      requireStage(rights);
      if (!rights.canWatch) throw Forbidden();
      const room = requireMediaRoomFor(mediaRoom, webrtcProvider);
      return room.join({ sessionId, userId, name: "Program", canPublish: true, role: "program" });
    },
  };
}

/** The sessions of these events whose stage is open now (domain stageIsOpen). */
export async function openStageSessions(db: Queryable, eventIds: readonly number[]): Promise<number[]> {
  const sessions = await findSessionStates(db, eventIds);
  return sessions.filter((s) => stageIsOpen(s.state)).map((s) => s.id);
}
