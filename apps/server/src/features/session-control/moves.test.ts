import { SESSION_TRANSITIONS, type SessionState, type SessionTransition } from "@onstage/domain";
import { expect, test } from "vitest";
import type { SessionStateChange } from "../../kernel/broadcast/lifecycle";
import { signedIn } from "../../testing/app";
import type { TestClient } from "../../testing/client";
import { describeOnPostgres } from "../../testing/databases";
import { eventually, RealtimeClient, useListeningApp } from "../../testing/realtime";
import { clientOf, errorCode, roomScene, topicMessages } from "../../testing/room-scene";

const UPDATE = "/api/video-session/update-video-session";

const ROLES = [
  "org owner",
  "org admin",
  "event host",
  "event admin",
  "moderator",
  "speaker",
  "guest",
  "signed out",
] as const;
type Role = (typeof ROLES)[number];
const HOST_LEVEL = new Set<Role>(["org owner", "org admin", "event host", "event admin"]);

/** Every move of the state machine (spec 2 §4) by every role (spec 2 §6). */
const CASES = SESSION_TRANSITIONS.flatMap((move) => ROLES.map((role) => ({ role, ...move })));

describeOnPostgres("update-video-session: every move by every role", (use) => {
  const server = useListeningApp(use);

  /** The session in `from`, a stream on air when broadcasting, and a signed-in client per role. */
  async function scene(transition: SessionTransition) {
    const broadcastType = transition.action === "end_rtmp_native" ? "rtmp-native" : "webrtc";
    const s = await roomScene(server().app.server, use(), {
      session: { state: transition.from, broadcast_type: broadcastType },
    });
    if (transition.from === "broadcasting") {
      await use().query(
        "INSERT INTO video_session_streams (video_session_id, active_state, is_recording) VALUES ($1, $2, true)",
        [s.session, transition.action === "cancel_go_live" ? "countdown" : "recording"],
      );
    }
    const orgAdmin = await s.g.user({ email_verified_at: new Date() });
    await s.g.member(s.channel, orgAdmin, "admin");
    const eventAdmin = await s.g.user({ email_verified_at: new Date() });
    await s.g.role(s.event, eventAdmin, "admin");
    const clients: Record<Role, TestClient> = {
      "org owner": s.people.owner.client,
      "org admin": await clientOf(server().app.server, use(), orgAdmin),
      "event host": s.people.host.client,
      "event admin": await clientOf(server().app.server, use(), eventAdmin),
      moderator: s.people.moderator.client,
      speaker: s.people.speaker.client,
      guest: s.people.guest.client,
      "signed out": s.visitor,
    };
    return { ...s, clients };
  }

  const stateOf = async (sessionId: number) =>
    (
      await use().query<{ state: SessionState }>("SELECT state FROM video_sessions WHERE id = $1", [
        sessionId,
      ])
    )[0]?.state;
  const streamsOf = (sessionId: number) =>
    use().query<{ active_state: string; deleted: boolean }>(
      `SELECT active_state, deleted_at IS NOT NULL AS deleted FROM video_session_streams
        WHERE video_session_id = $1 ORDER BY id`,
      [sessionId],
    );

  test.each(CASES)("$role: $from → $to ($action)", async (move) => {
    const s = await scene(move);
    const topic = `session:${s.session}`;
    const streamsBefore = await streamsOf(s.session);
    const changes: SessionStateChange[] = [];
    const listen = (change: SessionStateChange) => changes.push(change);
    server().app.lifecycle.on("sessionState", listen);
    // A guest's tab in the room, subscribed to the session topic over the real socket.
    const watcher = await RealtimeClient.connect(server().url, {
      cookie: (await signedIn(use(), s.people.otherGuest.userId)).cookie,
    });
    try {
      expect((await watcher.subscribe(topic)).status).toBe("SUBSCRIBED");
      const res = await s.clients[move.role].post(UPDATE, {
        video_session_id: s.session,
        event_id: s.event,
        video_session_state: move.to,
        is_recording: false,
      });

      if (!HOST_LEVEL.has(move.role)) {
        expect(res.statusCode).toBe(move.role === "signed out" ? 401 : 403);
        expect(await stateOf(s.session)).toBe(move.from);
        expect(await streamsOf(s.session)).toEqual(streamsBefore);
        expect(await topicMessages(use(), topic)).toEqual([]);
        expect(changes).toEqual([]);
        return;
      }

      expect(res.statusCode).toBe(200);
      expect(res.json().session.state).toBe(move.to);
      expect(await stateOf(s.session)).toBe(move.to);
      await eventually("the guest's tab hears the new state", () =>
        (watcher.applied.get(topic) ?? []).some(
          (m) => m.table === "video_sessions" && (m.payload as { state: string }).state === move.to,
        ),
      );
      expect(changes).toMatchObject([
        { sessionId: s.session, eventId: s.event, from: move.from, to: move.to },
      ]);
      const streams = await streamsOf(s.session);
      if (move.action === "go_live") {
        expect(streams).toEqual([{ active_state: "countdown", deleted: false }]);
        expect(res.json().stream).toMatchObject({ activeState: "countdown", isRecording: false });
        expect(changes[0]?.stream?.activeState).toBe("countdown");
      } else if (["end_live", "end_rtmp_native", "cancel_go_live"].includes(move.action)) {
        expect(streams).toEqual([{ active_state: "ended", deleted: false }]);
        expect(changes[0]?.stream?.activeState).toBe("ended");
      } else if (move.action === "reset_session") {
        expect(streams.every((st) => st.deleted)).toBe(true);
      } else {
        expect(streams).toEqual(streamsBefore);
      }
    } finally {
      watcher.close();
      server().app.lifecycle.off("sessionState", listen);
    }
  });

  test.each<{ case: string; from: SessionState; to: SessionState; code: string }>([
    { case: "scheduled cannot go live", from: "scheduled", to: "broadcasting", code: "invalid_transition" },
    { case: "no move to the same state", from: "greenroom", to: "greenroom", code: "invalid_transition" },
    {
      case: "an ended session cannot go live",
      from: "ended",
      to: "broadcasting",
      code: "invalid_transition",
    },
    { case: "webrtc cannot skip postevent", from: "broadcasting", to: "ended", code: "invalid_transition" },
    { case: "no cancel once on air", from: "broadcasting", to: "greenroom", code: "invalid_transition" },
  ])("the host: $case → 409 $code, nothing changes", async ({ from, to, code }) => {
    const s = await scene({ from, to, action: "go_live" });
    const res = await s.clients["event host"].post(UPDATE, {
      video_session_id: s.session,
      event_id: s.event,
      video_session_state: to,
    });
    expect(res.statusCode).toBe(409);
    expect(errorCode(res)).toBe(code);
    expect(await stateOf(s.session)).toBe(from);
    expect(await topicMessages(use(), `session:${s.session}`)).toEqual([]);
  });
});
