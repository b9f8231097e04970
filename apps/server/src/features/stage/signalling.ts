import {
  BadRequest,
  Conflict,
  Forbidden,
  OnstageError,
  RateLimited,
  type StageAck,
  StageAnswerMessage,
  StageCandidateMessage,
  StageEvents,
  StageJoinMessage,
  StageLeaveMessage,
  StageOfferMessage,
  type StageRights,
  StageStateMessage,
  type TokenBucket,
  takeToken,
  VIEWER_JOINS_PER_CONNECTION,
} from "@onstage/domain";
import type { FastifyBaseLogger } from "fastify";
import type { z } from "zod";
import type { Database } from "../../platform/database";
import { CandidateScreen, isClientOnThisMachine } from "../../platform/media-room/embedded/candidates";
import type { PlaceRole } from "../../platform/media-room/embedded/protocol";
import type { EmbeddedMediaRoom, StageSink } from "../../platform/media-room/embedded/room";
import { asAck, type RealtimeSocket, realtimeError } from "../realtime/service";
import { fullNameOf } from "./queries";
import { requireStage, type StagePresence, stageStanding } from "./service";

// The embedded SFU's signalling on a member's realtime socket. The main thread relays; every message is
// authorised again from the database first, and a refused member is taken out of the room at once.

/** The SFU's own refusals (thrown in the worker as plain messages), as the codes clients know. */
const SFU_CODES = new Set([
  "not_on_stage",
  "bad_offer",
  "bad_answer",
  "already_publishing",
  "forbidden",
  "bad_candidate",
  // The thread ended while the call was under way; the member is told to join again.
  "sfu_restarted",
]);

export interface SignallingDeps {
  db: Database;
  log: FastifyBaseLogger;
  room: EmbeddedMediaRoom;
  onStage: StagePresence;
  /** Issue 27 §1: the viewer places a room takes (webrtcViewerPlaces of the configured threshold). */
  viewerPlaces: number;
}

export function stageSignalling(deps: SignallingDeps): (socket: RealtimeSocket) => void {
  const { db, room, onStage } = deps;
  return (socket) => {
    const userId = socket.data.userId;
    /** The places this socket holds, by session, with the sink the SFU talks to it through. */
    const places = new Map<
      number,
      { place: number; role: PlaceRole; sink: StageSink; candidates: CandidateScreen }
    >();
    const { address, headers } = socket.handshake;
    const onThisMachine = isClientOnThisMachine(address, headers["x-forwarded-for"]);

    const sinkFor = (sessionId: number): StageSink => ({
      signal(signal) {
        if (signal.type === "subscribe-offer")
          socket.emit(StageEvents.offer, { video_session_id: sessionId, sdp: signal.sdp });
        else
          socket.emit(StageEvents.participants, {
            video_session_id: sessionId,
            participants: signal.participants,
          });
      },
      closed() {
        void gone(sessionId);
        socket.emit(StageEvents.closed, { video_session_id: sessionId });
      },
      restarted() {
        // Off the stage until the member's rejoin enters it again.
        void gone(sessionId);
        socket.emit(StageEvents.restarted, { video_session_id: sessionId });
      },
    });

    /** This socket's place in the session is no more: a publisher's leaves On Stage. */
    const gone = async (sessionId: number) => {
      const held = places.get(sessionId);
      places.delete(sessionId);
      if (held?.role === "stage" && held.place === userId && userId !== null)
        await onStage(sessionId, userId, false);
    };

    const leave = async (sessionId: number) => {
      const held = places.get(sessionId);
      // Another tab of the user took the place over: it is theirs to leave.
      if (!held || !room.holds(sessionId, held.place, held.sink)) {
        places.delete(sessionId);
        return;
      }
      const leaving = gone(sessionId);
      await room.remove(sessionId, held.place);
      await leaving;
    };

    /** The place this socket holds: only it speaks for the place (not another tab of the user). */
    const heldOf = (sessionId: number) => {
      const held = places.get(sessionId);
      if (!held || !room.holds(sessionId, held.place, held.sink)) throw Conflict("not_on_stage");
      return held;
    };
    const placeOf = (sessionId: number): number => heldOf(sessionId).place;

    function on<S extends z.ZodType<{ video_session_id: number }>>(
      event: string,
      schema: S,
      work: (message: z.infer<S>, member: number, rights: StageRights) => Promise<StageAck | undefined>,
    ): void {
      socket.on(event, (payload: unknown, ack: unknown) => {
        const answer = asAck(ack);
        const run = async (): Promise<StageAck> => {
          const parsed = schema.safeParse(payload);
          if (!parsed.success) throw BadRequest("invalid_request");
          const sessionId = parsed.data.video_session_id;
          if (!recorderMay(socket.data.recorder, event, parsed.data)) throw Forbidden();
          // A viewer place (issue 27) answers to the rule of watching, every other place to the stage's.
          const viewing =
            event === StageEvents.join
              ? (parsed.data as { view?: boolean }).view === true
              : places.get(sessionId)?.role === "viewer";
          if (viewing && event === StageEvents.join) paceViewerJoins();
          const { rights } = await stageStanding(db, userId, sessionId).catch(async (err: unknown) => {
            await leave(sessionId);
            throw err;
          });
          if (event !== StageEvents.leave) {
            const refused = viewing ? rights.viewRefusal : rights.refusal;
            if (refused !== null) await leave(sessionId);
            requireStage(rights, viewing);
          }
          if (viewing && event === StageEvents.join) requireViewerPlace(sessionId);
          return (await work(parsed.data, userId ?? 0, rights)) ?? { status: "ok" };
        };
        run().then(
          (result) => answer?.(result),
          (err: unknown) =>
            answer?.({ status: "error", error: realtimeError(codeOf(err, deps.log, userId)) }),
        );
      });
    }

    let viewJoins: TokenBucket | undefined;
    /** Issue 27 §1: a connection asks for a viewer place at VIEWER_JOINS_PER_CONNECTION, before any read. */
    const paceViewerJoins = () => {
      const taken = takeToken(viewJoins, VIEWER_JOINS_PER_CONNECTION, Date.now());
      viewJoins = taken.bucket;
      if (taken.retryAfterMs !== null) throw RateLimited();
    };
    /** Issue 27 §1: a room takes `viewerPlaces` viewers; the next ones watch over HLS. */
    const requireViewerPlace = (sessionId: number) => {
      const viewers = room.members(sessionId).filter((m) => m.role === "viewer" && m.userId !== userId);
      if (viewers.length >= deps.viewerPlaces) throw Conflict("viewer_places_full");
    };

    on(StageEvents.join, StageJoinMessage, async (message, member, rights) => {
      const { video_session_id: sessionId, watch, view } = message;
      if (watch && view) throw BadRequest("invalid_request");
      if (watch && !rights.canWatch) throw Forbidden();
      await leave(sessionId);
      const sink = sinkFor(sessionId);
      const role: PlaceRole = watch ? "compositor" : view ? "viewer" : "stage";
      // The compositor and a viewer take places of their own: watching never takes a person's stage
      // place. A host-level stage or compositor place may publish the program, which only viewers receive.
      const place = placeFor(role, member, socket.data.recorder !== null);
      const { canPublish, canPublishProgram } = publishRights(role, rights);
      places.set(sessionId, { place, role, sink, candidates: new CandidateScreen(onThisMachine) });
      const name = await fullNameOf(db, member);
      const part = { role, canPublishProgram };
      await room.enter({ sessionId, userId: member, name, canPublish }, sink, place, part);
      if (canPublish) await onStage(sessionId, member, true);
      return { status: "ok", canPublish, ...(canPublishProgram ? { canPublishProgram } : {}) };
    });
    on(
      StageEvents.offer,
      StageOfferMessage,
      async ({ video_session_id: sessionId, sdp, program }, _member, rights) => {
        const { place, role, candidates } = heldOf(sessionId);
        // Nothing a member without the publish right sends reaches the SFU (the program: host level).
        const may = publishRights(role, rights);
        if (!(program ? may.canPublishProgram : may.canPublish)) throw Forbidden();
        const offer = candidates.sdp(program ? "program" : "publish", sdp);
        const answer = await room.signal(sessionId, place, {
          type: "publish-offer",
          sdp: offer,
          ...(program ? { program } : {}),
        });
        return { status: "ok", sdp: answer ?? "" };
      },
    );
    on(StageEvents.answer, StageAnswerMessage, async ({ video_session_id: sessionId, sdp }) => {
      const { place, candidates } = heldOf(sessionId);
      await room.signal(sessionId, place, {
        type: "subscribe-answer",
        sdp: candidates.sdp("subscribe", sdp),
      });
      return undefined;
    });
    on(StageEvents.candidate, StageCandidateMessage, async (message) => {
      const { video_session_id: sessionId, connection, candidate } = message;
      const { place, candidates } = heldOf(sessionId);
      // Issue 23 §2.6: a candidate the SFU must not check is dropped as if it never came.
      if (candidates.admits(connection, candidate.candidate))
        await room.signal(sessionId, place, { type: "candidate", connection, candidate });
      return undefined;
    });
    on(StageEvents.state, StageStateMessage, async (message) => {
      const { video_session_id: sessionId, audioMuted, videoMuted, screen } = message;
      await room.signal(sessionId, placeOf(sessionId), { type: "state", audioMuted, videoMuted, screen });
      return undefined;
    });
    on(StageEvents.leave, StageLeaveMessage, async ({ video_session_id: sessionId }) => {
      await leave(sessionId);
      return undefined;
    });
    socket.on("disconnect", () => {
      for (const sessionId of [...places.keys()]) void leave(sessionId).catch(() => undefined);
    });
  };
}

/**
 * Issue 23 §2.5: one watch-only place per user, below zero so it never meets a user id; a second tab's
 * compositor (a reload) takes it over as a second tab does a stage place. The server's recorder speaks
 * for the host who went live and keeps a place of its own (below -2^40), so their tab never displaces it.
 */
/** What a place may publish: a person on stage with the right; the program from a host-level place. */
function publishRights(role: PlaceRole, rights: StageRights) {
  return {
    canPublish: role === "stage" && rights.canPublish,
    canPublishProgram: role !== "viewer" && rights.canWatch,
  };
}

/** Issue 27: a viewer's place, below every compositor's (one per user: a second tab takes it over). */
function placeFor(role: PlaceRole, userId: number, isRecorder: boolean): number {
  if (role === "stage") return userId;
  if (role === "viewer") return -(2 ** 41) - userId;
  return isRecorder ? -(2 ** 40) - userId : -userId;
}

/**
 * What the stage events that publish a person need; the server's recorder only watches its own session
 * and publishes the program it composes (an offer from its compositor place).
 */
const PUBLISHING: ReadonlySet<string> = new Set([StageEvents.state]);

function recorderMay(
  recorder: RealtimeSocket["data"]["recorder"],
  event: string,
  message: { video_session_id: number; watch?: unknown },
): boolean {
  if (!recorder) return true;
  if (message.video_session_id !== recorder.sessionId || PUBLISHING.has(event)) return false;
  return event !== StageEvents.join || message.watch === true;
}

function codeOf(err: unknown, log: FastifyBaseLogger, userId: number | null): string {
  if (err instanceof OnstageError) return err.code === "unauthorized" ? "no_token" : err.code;
  if (err instanceof Error && SFU_CODES.has(err.message)) return err.message;
  log.error({ err, userId }, "stage signalling failed");
  return "internal";
}
