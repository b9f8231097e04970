import {
  type AnswerHandBody,
  BadRequest,
  Conflict,
  canAcceptHandRaise,
  Forbidden,
  type HostIntentBody,
  handRaisingOpen,
  type IntentAction,
  type IntentActor,
  type IntentRefusal,
  type IntentResponse,
  type IntentsResponse,
  type IntentType,
  type InviteBody,
  type InviteToStageRefusal,
  inviteToStageRefusal,
  isIntentMovePublic,
  mayJoinStage,
  NotFound,
  nextIntent,
  type OwnIntentBody,
  PRESENCE_LIVE_WINDOW_MS,
  type RoomSession,
  type SessionIntent,
  seesAudience,
  sessionCanBeEntered,
  type TileState,
} from "@onstage/domain";
import {
  type PlaceAccess,
  requireTopicReader,
  sessionOf,
  sessionReaders,
} from "../../kernel/access/topic-access";
import type { Queryable } from "../../platform/database";
import type { MediaRoomPort } from "../../platform/media-room/port";
import { withOutbox } from "../../platform/realtime/outbox";
import type { FeatureDeps } from "../deps";
import { limitAudienceWrite } from "../rate-limits/service";
import { membersRights } from "../stage/service";
import { listIntents, lockIntent, stageSeats, writeIntent } from "./queries";

// Stage intents (issue 12 §2, §6): every move is decided by the domain's nextIntent from the intent stored
// under its row lock, and written only if that intent is still the one stored (two hosts at once, an
// invite withdrawn while it is accepted: one wins, the other gets a clear 409).

export type IntentsDeps = Pick<FeatureDeps, "db" | "realtime" | "clock" | "log">;

const REFUSAL_ERRORS: Record<IntentRefusal, () => Error> = {
  hand_already_raised: () => Conflict("hand_already_raised"),
  no_hand_raised: () => Conflict("no_hand_raised"),
  already_invited: () => Conflict("already_invited"),
  already_on_stage: () => Conflict("already_on_stage"),
  no_invite: () => Conflict("no_invite"),
  not_allowed: () => Forbidden(),
};

const INVITE_ERRORS: Record<InviteToStageRefusal, () => Error> = {
  forbidden: () => Forbidden(),
  session_closed: () => Conflict("session_closed"),
  self: () => BadRequest("invite_self"),
  already_on_stage: () => Conflict("already_on_stage"),
  hand_raised: () => Conflict("hand_raised"),
  rtmp_broadcast: () => Conflict("rtmp_broadcast"),
  stage_full: () => Conflict("stage_full"),
};

interface Move {
  session: RoomSession;
  /** Whose intent moves. */
  userId: number;
  action: IntentAction;
  actor: IntentActor;
  actorUserId: number;
  tileState?: TileState;
  /** Checks that need the locked intent (stage seats, a raised hand) before the move. */
  guard?: (tx: Queryable, current: IntentType | null) => Promise<void>;
}

export function intentsService(deps: IntentsDeps, mediaRoom: MediaRoomPort) {
  const { db, realtime, clock, log } = deps;

  /** The session the viewer may read, in the event the body names (else 404, like a wrong id). */
  async function placeOf(viewerUserId: number, body: OwnIntentBody) {
    const access = await requireTopicReader(db, viewerUserId, { kind: "session", id: body.video_session_id });
    const session = sessionOf(access);
    if (session.eventId !== body.event_id) throw NotFound("session_not_found");
    return { access, session };
  }

  /** The intent after the move (null: none left), and the one it moved from. */
  async function move(m: Move): Promise<{ intent: SessionIntent | null; from: IntentType | null }> {
    const { session, userId } = m;
    return withOutbox(db, realtime, async (tx, outbox) => {
      // A second pass only when a concurrent insert won the unique key: it reads the winner's intent.
      for (let pass = 0; pass < 2; pass++) {
        const stored = await lockIntent(tx, session.id, userId);
        const current = stored?.intentType ?? null;
        await m.guard?.(tx, current);
        const decided = nextIntent(current, m.action, m.actor);
        if ("refusal" in decided) throw REFUSAL_ERRORS[decided.refusal]();
        // Issue 23 §2.2: one's own moves (a hand up and down, an invitation's answer) share one limit.
        if (m.actor === "self") {
          const write = { action: "stage_intent", userId, sessionId: session.id } as const;
          await limitAudienceWrite(tx, clock().getTime(), write);
        }
        // The host names who raises a hand or who is invited; the invitee's own answer keeps the inviter.
        const setsCreator = m.action === "raise_hand" || m.actor === "host";
        const result = await writeIntent(
          tx,
          {
            sessionId: session.id,
            userId,
            from: current,
            to: decided.next,
            tileState: m.tileState ?? stored?.tileState ?? "main",
            createdBy: setsCreator ? m.actorUserId : null,
          },
          clock(),
        );
        if (!result.written) continue;
        const table = "video_session_intents" as const;
        const body =
          result.intent === null
            ? ({
                kind: "change",
                table,
                event: "DELETE",
                payload: { sessionId: session.id, userId },
              } as const)
            : ({
                kind: "change",
                table,
                event: current === null ? "INSERT" : "UPDATE",
                payload: result.intent,
              } as const);
        for (const topic of intentTopics(session.id, userId, current, decided.next))
          await outbox.write(topic, body);
        return { intent: result.intent, from: current };
      }
      throw Conflict("intent_changed");
    });
  }

  /**
   * Off the stage at once when the move took away an accepted invite and with it their right (the 1 s
   * re-check is the safety net); the intent after the move is the answer.
   */
  async function dropFromStage(
    sessionId: number,
    userId: number,
    moved: { intent: SessionIntent | null; from: IntentType | null },
  ): Promise<IntentResponse> {
    if (moved.from !== "invite_accepted") return { intent: moved.intent };
    try {
      const rights = await membersRights(db, sessionId, [userId]);
      if (rights.get(userId)?.refusal !== null) await mediaRoom.remove(sessionId, userId);
    } catch (err) {
      log.error({ err, sessionId, userId }, "taking a user off the stage failed");
    }
    return { intent: moved.intent };
  }

  /** A host's move on someone else: people controls (spec 1 §6), else 403 before anything is read. */
  async function hostPlace(viewerUserId: number, body: HostIntentBody) {
    const place = await placeOf(viewerUserId, body);
    if (!place.access.flags.canManagePeople) throw Forbidden();
    return place;
  }

  /** The invitee as they stand in the session: someone who may read it (not banned), else 404. */
  async function targetOf(sessionId: number, userId: number): Promise<PlaceAccess> {
    const target = (await sessionReaders(db, sessionId, [userId])).get(userId);
    if (!target) throw NotFound("user_not_found");
    return target;
  }

  /** Spec 1 §5 "Invite to stage requires ...", read under the invitee's intent lock. */
  function inviteGuard(
    access: PlaceAccess,
    viewerUserId: number,
    target: PlaceAccess,
    session: RoomSession,
    answersHand: boolean,
  ) {
    return async (tx: Queryable, current: IntentType | null) => {
      const userId = target.viewer.userId ?? 0;
      const liveSince = new Date(clock().getTime() - PRESENCE_LIVE_WINDOW_MS);
      const seats = await stageSeats(tx, { sessionId: session.id, userId, liveSince });
      const refusal = inviteToStageRefusal({
        actor: access.flags,
        actorUserId: viewerUserId,
        target: {
          userId,
          isOnStage: seats.isOnStage || mayJoinStage({ flags: target.flags }),
          // Accepting a raised hand is the invite the hand asked for.
          hasRaisedHand: !answersHand && current === "hand_raised",
        },
        session,
        onStageCount: seats.taken,
      });
      if (refusal) throw INVITE_ERRORS[refusal]();
    };
  }

  return {
    /** GET /api/video-session/intents: the session's intents and the session topic's sequence. */
    async list(viewerUserId: number | null, sessionId: number): Promise<IntentsResponse> {
      const access = await requireTopicReader(db, viewerUserId, { kind: "session", id: sessionId });
      const { intents, seq } = await listIntents(db, sessionId);
      const { hideAudience } = sessionOf(access);
      if (seesAudience({ isTeam: access.flags.isTeam, hideAudience })) return { intents, seq };
      // Spec 2 §2: a guest of a hidden audience sees the stage and their own intent, no other guest's.
      const shown = (i: SessionIntent) => i.userId === viewerUserId || isIntentMovePublic(i.intentType, null);
      return { intents: intents.filter(shown), seq };
    },

    /** Raise a hand: an audience member, while the host allows it and the open stage is off. */
    async raiseHand(viewerUserId: number, body: OwnIntentBody): Promise<IntentResponse> {
      const { access, session } = await placeOf(viewerUserId, body);
      // The team goes on stage without asking.
      if (mayJoinStage({ flags: access.flags })) throw Forbidden();
      if (!sessionCanBeEntered(session.state)) throw Conflict("session_closed");
      if (!handRaisingOpen(session)) throw Conflict("hands_not_allowed");
      return intentOf(await move(own(session, viewerUserId, "raise_hand")));
    },

    /** Lower one's own hand (also after the host stopped allowing hands). */
    async lowerHand(viewerUserId: number, body: OwnIntentBody): Promise<IntentResponse> {
      const { session } = await placeOf(viewerUserId, body);
      return intentOf(await move(own(session, viewerUserId, "lower_hand")));
    },

    /** The invited user's Accept (spec 2 §2 dialog, §4): then they may join the stage. */
    async accept(viewerUserId: number, body: OwnIntentBody): Promise<IntentResponse> {
      const { session } = await placeOf(viewerUserId, body);
      return intentOf(await move(own(session, viewerUserId, "accept")));
    },

    /** The invited user's 'No, thanks', or leaving the stage they accepted: off the stage at once. */
    async decline(viewerUserId: number, body: OwnIntentBody): Promise<IntentResponse> {
      const { session } = await placeOf(viewerUserId, body);
      return dropFromStage(session.id, viewerUserId, await move(own(session, viewerUserId, "deny")));
    },

    /** Invite To Main Stage, To Gallery or To Stage Left (spec 1 §2, §5). */
    async invite(viewerUserId: number, body: InviteBody): Promise<IntentResponse> {
      const { access, session } = await hostPlace(viewerUserId, body);
      if (body.user_id === viewerUserId) throw BadRequest("invite_self");
      const target = await targetOf(session.id, body.user_id);
      return intentOf(
        await move({
          session,
          userId: body.user_id,
          action: "invite",
          actor: "host",
          actorUserId: viewerUserId,
          tileState: body.tile_state,
          guard: inviteGuard(access, viewerUserId, target, session, false),
        }),
      );
    },

    /** A host's answer to a raised hand: Accept with a tile state (an invite) or Ignore (spec 1 §2, §5). */
    async answerHand(viewerUserId: number, body: AnswerHandBody): Promise<IntentResponse> {
      const { access, session } = await hostPlace(viewerUserId, body);
      // Spec 1 §5: Accept/Ignore needs an owner/admin (the host level) and a raised hand.
      if (!canAcceptHandRaise({ actor: access.flags, hasRaisedHand: true })) throw Forbidden();
      const target = await targetOf(session.id, body.user_id);
      const hostMove = { session, userId: body.user_id, actor: "host", actorUserId: viewerUserId } as const;
      const handRaised = async (current: IntentType | null) => {
        if (current !== "hand_raised") throw Conflict("no_hand_raised");
      };
      if (body.answer === "ignore") {
        return intentOf(await move({ ...hostMove, action: "deny", guard: (_tx, c) => handRaised(c) }));
      }
      const invite = inviteGuard(access, viewerUserId, target, session, true);
      return intentOf(
        await move({
          ...hostMove,
          action: "invite",
          tileState: body.answer,
          guard: async (tx, current) => {
            await handRaised(current);
            await invite(tx, current);
          },
        }),
      );
    },

    /** Uninvite: the invite sent or accepted is deleted, and the user leaves the stage at once. */
    async uninvite(viewerUserId: number, body: HostIntentBody): Promise<IntentResponse> {
      const { session } = await hostPlace(viewerUserId, body);
      const moved = await move({
        session,
        userId: body.user_id,
        action: "revoke",
        actor: "host",
        actorUserId: viewerUserId,
      });
      return dropFromStage(session.id, body.user_id, moved);
    },
  };
}

/**
 * Spec 2 §2 hidden audience: the stage's moves on the session topic; a hand or an invite on the topic read
 * like the people tab and on the user's own.
 */
function intentTopics(sessionId: number, userId: number, from: IntentType | null, to: IntentType | null) {
  if (isIntentMovePublic(from, to)) return [{ kind: "session", id: sessionId } as const];
  return [{ kind: "presence", id: sessionId } as const, { kind: "user", id: userId } as const];
}

const intentOf = ({ intent }: { intent: SessionIntent | null }): IntentResponse => ({ intent });

const own = (session: RoomSession, userId: number, action: IntentAction): Move => ({
  session,
  userId,
  action,
  actor: "self",
  actorUserId: userId,
});

export type IntentsService = ReturnType<typeof intentsService>;
