import {
  BadRequest,
  Conflict,
  Forbidden,
  findSessionTransition,
  type GoLiveNotificationBody,
  hostSettingRefusal,
  isHostLevel,
  mayNotifyFollowers,
  NotFound,
  type ResetSessionBody,
  recordingToggleRefusal,
  resetSessionRefusal,
  SESSION_SETTING_NAMES,
  type SessionControlResponse,
  type SessionStream,
  type SessionTransition,
  sessionTransitionRefusal,
  topicName,
  type UpdateSettingsBody,
  type UpdateVideoSessionBody,
} from "@onstage/domain";
import { requireTopicReader, sessionOf } from "../../kernel/access/topic-access";
import type { SessionStateChange } from "../../kernel/broadcast/lifecycle";
import {
  deleteStreams,
  endStream,
  findLiveStream,
  openStream,
  setStreamRecording,
} from "../../kernel/broadcast/streams";
import {
  findRoomSession,
  lockSessionControl,
  type SessionPatch,
  updateSession,
} from "../../kernel/sessions/service";
import type { Queryable } from "../../platform/database";
import { enqueueJobs } from "../../platform/jobs/queries";
import { type Outbox, withOutbox } from "../../platform/realtime/outbox";
import type { FeatureDeps } from "../deps";
import { planStandingOf, sessionsPastMaxRuntime } from "../plans/service";
import { releaseSessionStage } from "../presence/service";
import { GO_LIVE_MAIL_JOB } from "./mail";
import { findCalledSession, findGoLiveAudience, listFollowerIds } from "./queries";

// Issue 11: the host's session state machine (spec 2 §4, §7). Every move is decided under the session
// row's lock by the domain's SESSION_TRANSITIONS; the media it drives hear of it after commit.

export type SessionControlDeps = Pick<FeatureDeps, "db" | "realtime" | "clock" | "lifecycle">;

const refusalError = (refusal: "forbidden" | "invalid_transition" | "no_minutes_left") =>
  refusal === "forbidden" ? Forbidden() : Conflict(refusal);

export function sessionControlService(deps: SessionControlDeps) {
  const { db, realtime, clock, lifecycle } = deps;

  /** The session the viewer may read, in the event the body names (else 404, like a wrong id). */
  async function accessOf(viewerUserId: number, sessionId: number, eventId: number) {
    const access = await requireTopicReader(db, viewerUserId, { kind: "session", id: sessionId });
    const session = sessionOf(access);
    if (session.eventId !== eventId) throw NotFound("session_not_found");
    return { access, session };
  }

  /**
   * The writes of one move, in its transaction; returns the stream the move opened or ended, and the
   * streams a reset deleted.
   */
  async function applyMove(
    tx: Queryable,
    outbox: Outbox,
    sessionId: number,
    transition: SessionTransition,
    isRecording: boolean,
  ): Promise<{ stream: SessionStream | null; deletedStreamIds: number[] }> {
    const now = clock();
    const patch: SessionPatch = { state: transition.to };
    let stream: SessionStream | null = null;
    let deletedStreamIds: number[] = [];
    switch (transition.action) {
      case "go_live":
        stream = await openStream(tx, outbox, sessionId, isRecording);
        Object.assign(patch, { isRecording, timeBroadcastStart: now, timeBroadcastEnd: null });
        break;
      case "end_live":
      case "end_rtmp_native": {
        const live = await findLiveStream(tx, sessionId);
        stream = live && (await endStream(tx, outbox, live.id));
        Object.assign(patch, { isRecording: false, timeBroadcastEnd: now });
        break;
      }
      case "cancel_go_live": {
        // Never on air: the stream ends and the session is as it was before go live.
        const live = await findLiveStream(tx, sessionId);
        stream = live && (await endStream(tx, outbox, live.id));
        Object.assign(patch, { isRecording: false, timeBroadcastStart: null, timeBroadcastEnd: null });
        break;
      }
      case "exit_greenroom":
        await releaseSessionStage(tx, outbox, { sessionId, at: now });
        break;
      case "reset_session":
        deletedStreamIds = await resetWrites(tx, outbox, sessionId);
        Object.assign(patch, { isRecording: false, timeBroadcastStart: null, timeBroadcastEnd: null });
        break;
      default:
        break;
    }
    await updateSession(tx, outbox, sessionId, patch);
    return { stream, deletedStreamIds };
  }

  /**
   * Reset: the streams go (spec 2 §4 clears the current stream) and nobody stays on stage. Returns the
   * deleted streams' ids: their media goes after commit (tellLifecycle).
   */
  async function resetWrites(tx: Queryable, outbox: Outbox, sessionId: number): Promise<number[]> {
    const deleted = await deleteStreams(tx, outbox, sessionId);
    await releaseSessionStage(tx, outbox, { sessionId, at: clock() });
    return deleted;
  }

  /**
   * Spec 2 §4 'Yes, call the audience': the other sessions' rooms hear it on the event topic, in the
   * move's transaction (never published for a move that did not commit). Only go live in a multi-session
   * event may ask; anything else is refused so a wrong client learns of it.
   */
  async function callAudience(
    tx: Queryable,
    outbox: Outbox,
    transition: SessionTransition,
    session: { id: number; eventId: number },
  ) {
    const called = await findCalledSession(tx, session.id);
    if (transition.action !== "go_live" || !called?.multiSession) {
      throw BadRequest("invalid_request", "call_audience is only for going live in a multi-session event");
    }
    await outbox.write(
      { kind: "event", id: session.eventId },
      {
        kind: "broadcast",
        event: "audience.called",
        payload: { sessionId: session.id, urlHash: called.urlHash, title: called.title },
      },
    );
  }

  async function answer(sessionId: number, stream: SessionStream | null): Promise<SessionControlResponse> {
    const session = await findRoomSession(db, sessionId);
    if (!session) throw NotFound("session_not_found");
    return { session, stream };
  }

  /** `byUserId` is absent when the server made the move (the maximum runtime). */
  function tellLifecycle(change: SessionStateChange, deletedStreamIds: readonly number[] = []) {
    // Before the state: the program feed ends the session's pipeline on it, then removes the files.
    if (deletedStreamIds.length > 0)
      lifecycle.emit("streamsDeleted", { sessionId: change.sessionId, streamIds: deletedStreamIds });
    if (change.from !== change.to) lifecycle.emit("sessionState", change);
  }

  return {
    /** POST /api/video-session/update-video-session: one host move (spec 2 §4). */
    async updateState(viewerUserId: number, body: UpdateVideoSessionBody): Promise<SessionControlResponse> {
      const { access, session } = await accessOf(viewerUserId, body.video_session_id, body.event_id);
      // Checked first so a refused caller learns nothing about the plan; the move is checked again below.
      if (!isHostLevel(access.flags)) throw Forbidden();
      // Only entering the greenroom depends on the plan (spec 2 §4): other moves skip the month's usage.
      const plan =
        body.video_session_state === "greenroom"
          ? await planStandingOf(db, session.organizationId, clock())
          : { isActive: true, monthlyHoursExceeded: false };
      const moved = await withOutbox(db, realtime, async (tx, outbox) => {
        const locked = await lockSessionControl(tx, session.id);
        if (!locked) throw NotFound("session_not_found");
        const to = body.video_session_state;
        const live = await findLiveStream(tx, session.id);
        const refusal = sessionTransitionRefusal({
          from: locked.state,
          to,
          flags: access.flags,
          plan,
          broadcastType: locked.broadcastType,
          streamState: live?.activeState ?? null,
        });
        if (refusal) throw refusalError(refusal);
        const transition = findSessionTransition(locked.state, to) as SessionTransition;
        const move = await applyMove(tx, outbox, session.id, transition, body.is_recording ?? true);
        if (body.call_audience) await callAudience(tx, outbox, transition, session);
        const stream = move.stream ?? (await findLiveStream(tx, session.id));
        return { change: { from: locked.state, to, stream }, deletedStreamIds: move.deletedStreamIds };
      });
      tellLifecycle(
        { sessionId: session.id, eventId: session.eventId, ...moved.change, byUserId: viewerUserId },
        moved.deletedStreamIds,
      );
      return answer(session.id, moved.change.stream);
    },

    /**
     * Spec 2 §8, §9: a live that reached its maximum runtime ends (broadcasting → postevent), the server
     * being the actor; the host was warned SESSION_RUNTIME_WARNING_MS before (docs/decisions.md "Plan
     * limits"). Only the stream that was found overdue is ended: a session reset and live again since
     * has a new one. Returns the ended sessions' ids.
     */
    async endPastMaxRuntime(): Promise<number[]> {
      const ended: number[] = [];
      for (const due of await sessionsPastMaxRuntime(db, clock())) {
        const stream = await withOutbox(db, realtime, async (tx, outbox) => {
          const locked = await lockSessionControl(tx, due.sessionId);
          const live = await findLiveStream(tx, due.sessionId);
          if (locked?.state !== "broadcasting" || live?.id !== due.streamId) return undefined;
          const endLive = findSessionTransition("broadcasting", "postevent") as SessionTransition;
          return (await applyMove(tx, outbox, due.sessionId, endLive, false)).stream;
        });
        if (stream === undefined) continue;
        ended.push(due.sessionId);
        tellLifecycle({
          sessionId: due.sessionId,
          eventId: due.eventId,
          from: "broadcasting",
          to: "postevent",
          stream,
        });
      }
      return ended;
    },

    /** POST /api/video-session/reset-session: any state back to scheduled, its streams deleted (spec 2 §7). */
    async reset(viewerUserId: number, body: ResetSessionBody): Promise<SessionControlResponse> {
      const { access, session } = await accessOf(viewerUserId, body.video_session_id, body.event_id);
      const refusal = resetSessionRefusal(access.flags);
      if (refusal) throw refusalError(refusal);
      const { from, deletedStreamIds } = await withOutbox(db, realtime, async (tx, outbox) => {
        const locked = await lockSessionControl(tx, session.id);
        if (!locked) throw NotFound("session_not_found");
        const deleted = await resetWrites(tx, outbox, session.id);
        // Always written: a scheduled session may still hold a stuck stream or the last go-live's times.
        await updateSession(tx, outbox, session.id, {
          state: "scheduled",
          isRecording: false,
          timeBroadcastStart: null,
          timeBroadcastEnd: null,
        });
        return { from: locked.state, deletedStreamIds: deleted };
      });
      tellLifecycle(
        {
          sessionId: session.id,
          eventId: session.eventId,
          from,
          to: "scheduled",
          stream: null,
          byUserId: viewerUserId,
        },
        deletedStreamIds,
      );
      return answer(session.id, null);
    },

    /** POST /api/video-session/update-settings: exactly one setting; is_recording drives the live stream. */
    async updateSettings(viewerUserId: number, body: UpdateSettingsBody): Promise<SessionControlResponse> {
      const { access, session } = await accessOf(viewerUserId, body.video_session_id, body.event_id);
      if (!isHostLevel(access.flags)) throw Forbidden();
      const { is_recording: isRecording } = body;
      // Spec 2 §6: raise hands and open stage only on webrtc, non-lobby sessions; hands not on an open stage.
      const [setting = ""] = SESSION_SETTING_NAMES.filter((n) => body[n] !== undefined);
      const settingRefusal = hostSettingRefusal(session, setting);
      if (settingRefusal) throw Conflict(settingRefusal);
      if (isRecording === undefined) {
        await withOutbox(db, realtime, async (tx, outbox) => {
          if (!(await lockSessionControl(tx, session.id))) throw NotFound("session_not_found");
          await updateSession(tx, outbox, session.id, settingsPatch(body));
        });
        lifecycle.emit("stageSettings", { sessionId: session.id });
        // Spec 2 §2: a hidden audience is no guest's business from now on, also on connections open now.
        if (body.hide_audience === true)
          await realtime.reauthorize(topicName({ kind: "presence", id: session.id }));
        return answer(session.id, await findLiveStream(db, session.id));
      }
      const changed = await withOutbox(db, realtime, async (tx, outbox) => {
        const locked = await lockSessionControl(tx, session.id);
        if (!locked) throw NotFound("session_not_found");
        const refusal = recordingToggleRefusal({ state: locked.state, flags: access.flags });
        if (refusal === "invalid_transition") throw Conflict("not_broadcasting");
        if (refusal) throw refusalError(refusal);
        const live = await findLiveStream(tx, session.id);
        if (!live) throw Conflict("not_broadcasting");
        const stream = await setStreamRecording(tx, outbox, live.id, isRecording);
        if (locked.isRecording !== isRecording) await updateSession(tx, outbox, session.id, { isRecording });
        return { live, stream };
      });
      if (changed.stream) lifecycle.emit("recording", { sessionId: session.id, stream: changed.stream });
      return answer(session.id, changed.stream ?? changed.live);
    },

    /**
     * POST /api/notifications/go-live: a mail job per follower, queued once per go-live (the key holds
     * the broadcast start). Host level only; never for a private event; only while broadcasting.
     */
    async notifyGoLive(viewerUserId: number, body: GoLiveNotificationBody): Promise<{ queued: number }> {
      const { access, session } = await accessOf(viewerUserId, body.session_id, body.event_id);
      if (session.organizationId !== body.org_id) throw NotFound("session_not_found");
      if (!isHostLevel(access.flags)) throw Forbidden();
      if (!body.notify_followers) return { queued: 0 };
      if (session.state !== "broadcasting" || session.timeBroadcastStart === null)
        throw Conflict("not_broadcasting");
      if (!mayNotifyFollowers(await findGoLiveAudience(db, session.eventId))) return { queued: 0 };
      const followers = await listFollowerIds(db, session.organizationId);
      const wentLive = Date.parse(session.timeBroadcastStart);
      await db.transaction((tx) =>
        enqueueJobs(
          tx,
          followers.map((userId) => ({
            kind: GO_LIVE_MAIL_JOB,
            key: `${GO_LIVE_MAIL_JOB}:${session.id}:${wentLive}:${userId}`,
            payload: { userId, sessionId: session.id },
            runAt: clock(),
          })),
        ),
      );
      return { queued: followers.length };
    },
  };
}

/** The one setting of an update-settings body (not is_recording) as a session patch. */
function settingsPatch(body: UpdateSettingsBody): SessionPatch {
  const [name] = SESSION_SETTING_NAMES.filter((n) => body[n] !== undefined);
  switch (name) {
    case "allow_raising_hands":
      return { allowRaisingHands: body.allow_raising_hands };
    case "open_stage":
      return { openStage: body.open_stage };
    case "hide_audience":
      return { hideAudience: body.hide_audience };
    case "disable_qa":
      return { disableQa: body.disable_qa };
    case "show_to_all":
      // Issue 27: show-to-all moves the audience to HLS at once; lifted, the delivery sweep recounts.
      return { showToAll: body.show_to_all, ...(body.show_to_all ? { viewerDelivery: "hls" as const } : {}) };
    case "broadcast_type":
      return { broadcastType: body.broadcast_type };
    default:
      return {};
  }
}

export type SessionControlService = ReturnType<typeof sessionControlService>;
