import { expect, test } from "vitest";
import { useTestApp } from "../../testing/app";
import { describeOnEachDatabase } from "../../testing/databases";
import { errorCode, type RoomScene, roomScene, topicMessages } from "../../testing/room-scene";

// Spec 2 §4, §5, §6, §7 Q&A: a role x action matrix on a question of this event and of another one,
// then the rules a matrix cannot show (trimming, once per user, shadow bans, broadcasting only).

type Role =
  | "owner"
  | "admin"
  | "host"
  | "moderator"
  | "member"
  | "speaker"
  | "otherSpeaker"
  | "guest"
  | "banned"
  | "visitor";

const TEAM: Role[] = ["owner", "admin", "host", "moderator", "member"];
const READERS: Role[] = [...TEAM, "speaker", "otherSpeaker", "guest"];

interface Action {
  name: string;
  allowed: Role[];
  status: number;
  /** The question is answered first (reopen), or upvoted by everyone first (withdraw), or on stage (hide). */
  answered?: boolean;
  upvoted?: boolean;
  onStage?: boolean;
  /** The request on question `id` (asked by otherGuest) of event `eventId` in session `sessionId`. */
  call: (ids: { id: number; eventId: number; sessionId: number; commentId: number }) => [string, object];
}

const ACTIONS: Action[] = [
  {
    name: "ask",
    allowed: READERS,
    status: 201,
    call: (x) => ["/api/questions", { video_session_id: x.sessionId, content: "Why?" }],
  },
  {
    name: "edit",
    allowed: TEAM,
    status: 200,
    call: (x) => ["/api/questions/edit", { question_id: x.id, content: "New", event_id: x.eventId }],
  },
  {
    name: "delete",
    allowed: TEAM,
    status: 200,
    call: (x) => ["/api/questions/delete", { question_id: x.id, event_id: x.eventId }],
  },
  {
    name: "upvote",
    allowed: READERS,
    status: 200,
    call: (x) => ["/api/questions/upvote", { question_id: x.id }],
  },
  {
    name: "answer",
    allowed: TEAM,
    status: 200,
    call: (x) => ["/api/questions/answer", { question_id: x.id, event_id: x.eventId }],
  },
  {
    name: "reopen",
    allowed: TEAM,
    status: 200,
    answered: true,
    call: (x) => ["/api/questions/reopen", { question_id: x.id, event_id: x.eventId }],
  },
  {
    name: "hide from stage",
    allowed: TEAM,
    status: 200,
    onStage: true,
    call: (x) => ["/api/questions/hide-from-stage", { question_id: x.id, event_id: x.eventId }],
  },
  {
    name: "withdraw an upvote",
    allowed: READERS,
    status: 200,
    upvoted: true,
    call: (x) => ["/api/questions/upvote/delete", { question_id: x.id }],
  },
  {
    name: "comment",
    allowed: READERS,
    status: 201,
    call: (x) => ["/api/questions/comments", { question_id: x.id, content: "Me too" }],
  },
  {
    name: "edit a comment",
    allowed: [],
    status: 200,
    call: (x) => ["/api/questions/comments/edit", { id: x.commentId, content: "Edited" }],
  },
  {
    name: "delete a comment",
    allowed: ["owner", "admin", "host"],
    status: 200,
    call: (x) => ["/api/questions/comments/delete", { id: x.commentId, event_id: x.eventId }],
  },
  {
    name: "show on stage",
    allowed: ["owner", "admin", "host", "member"],
    status: 200,
    call: (x) => [
      "/api/video-session/toggle-qa-on-stage",
      { video_session_id: x.sessionId, qa_show_on_stage: true, event_id: x.eventId },
    ],
  },
  {
    name: "truncate",
    allowed: ["owner", "admin", "host", "member"],
    status: 200,
    call: (x) => [
      "/api/video-session/toggle-qa-truncate",
      { video_session_id: x.sessionId, qa_truncate_on_stage: true, event_id: x.eventId },
    ],
  },
];

const REFUSAL: Record<Role, number> = {
  owner: 403,
  admin: 403,
  host: 403,
  moderator: 403,
  member: 403,
  speaker: 403,
  otherSpeaker: 403,
  guest: 403,
  banned: 403,
  visitor: 401,
};

describeOnEachDatabase("questions", (use, engine) => {
  const app = useTestApp(use);

  /** The scene, an admin, a speaker of the other session, a banned guest, and otherGuest's question with a comment. */
  async function qaScene() {
    const s = await roomScene(app().server, use());
    const admin = await s.person((u) => s.g.role(s.event, u, "admin"));
    const otherSpeaker = await s.person((u) => s.g.speaker(s.event, u, [s.otherSession]));
    const banned = await s.person(s.registered);
    await s.g.ban(banned.userId, s.channel, { ban_type: "event", event_id: s.event });
    const asked = await s.people.otherGuest.client.post("/api/questions", {
      video_session_id: s.session,
      content: "  First?  ",
    });
    expect(asked.statusCode).toBe(201);
    const question = asked.json().question;
    const commented = await s.people.otherGuest.client.post("/api/questions/comments", {
      question_id: question.id,
      content: "Context",
    });
    const clients = {
      ...Object.fromEntries(Object.entries(s.people).map(([who, p]) => [who, p.client])),
      admin: admin.client,
      otherSpeaker: otherSpeaker.client,
      banned: banned.client,
      visitor: s.visitor,
    } as Record<Role | keyof RoomScene["people"], RoomScene["visitor"]>;
    return { s, clients, question, commentId: commented.json().comment.id as number };
  }

  const snapshot = () =>
    use().query(
      `SELECT (SELECT json_agg(q ORDER BY id) FROM questions q) AS questions,
              (SELECT json_agg(c ORDER BY id) FROM question_comments c) AS comments,
              (SELECT count(*)::int FROM question_upvotes) AS upvotes,
              (SELECT json_agg(json_build_array(qa_show_on_stage, qa_truncate_on_stage, qa_on_stage_question_id))
                 FROM video_sessions) AS toggles`,
    );

  // The role × action matrix is the server's checks, not its SQL: once, on PostgreSQL.
  for (const action of engine === "postgres" ? ACTIONS : []) {
    test.each(Object.keys(REFUSAL) as Role[])(
      `${action.name} by %s: only the spec's roles succeed and publish`,
      async (who) => {
        const { s, clients, question, commentId } = await qaScene();
        if (action.answered)
          await use().query("UPDATE questions SET answered = true, answered_timestamp = 1 WHERE id = $1", [
            question.id,
          ]);
        if (action.onStage)
          await use().query(
            "UPDATE video_sessions SET qa_show_on_stage = true, qa_on_stage_question_id = $2 WHERE id = $1",
            [s.session, question.id],
          );
        if (action.upvoted)
          await use().query(
            "INSERT INTO question_upvotes (question_id, user_id) SELECT $1, id FROM users WHERE id <> $2",
            [question.id, s.people.otherGuest.userId],
          );
        const before = await snapshot();
        const seqBefore = (await topicMessages(use(), s.topics.session)).length;
        const [url, body] = action.call({
          id: question.id,
          eventId: s.event,
          sessionId: s.session,
          commentId,
        });
        const res = await clients[who].post(url, body);
        if (action.allowed.includes(who)) {
          expect(res.statusCode, res.body).toBe(action.status);
          expect((await topicMessages(use(), s.topics.session)).length).toBeGreaterThan(seqBefore);
        } else {
          expect(res.statusCode, res.body).toBe(REFUSAL[who]);
          expect(await snapshot()).toEqual(before);
        }
      },
    );
  }

  test.each(ACTIONS.map((a) => [a.name, a] as const))(
    "%s on another event's question by its owner is refused",
    async (_name, action) => {
      const { s, question, commentId } = await qaScene();
      const other = await qaScene();
      const before = await snapshot();
      // The owner of this event's channel acts on the other event's objects (same ids, other event).
      const [url, body] = action.call({
        id: other.question.id,
        eventId: other.s.event,
        sessionId: other.s.session,
        commentId: other.commentId,
      });
      const res = await s.people.owner.client.post(url, body);
      expect([403, 404]).toContain(res.statusCode);
      expect(await snapshot()).toEqual(before);
      // And this event's object named with the other event's id is unknown here.
      const [mixedUrl, mixedBody] = action.call({
        id: question.id,
        eventId: other.s.event,
        sessionId: s.session,
        commentId,
      });
      if ("event_id" in mixedBody && !("video_session_id" in mixedBody)) {
        expect((await s.people.owner.client.post(mixedUrl, mixedBody)).statusCode).toBe(404);
        expect(await snapshot()).toEqual(before);
      }
    },
  );

  test("a question is stored trimmed, listed with its author, comments and upvotes, and published", async () => {
    const { s, clients, question } = await qaScene();
    expect(question.content).toBe("First?");
    expect((await clients.guest.post("/api/questions/upvote", { question_id: question.id })).statusCode).toBe(
      200,
    );
    // One user counts once.
    expect((await clients.guest.post("/api/questions/upvote", { question_id: question.id })).statusCode).toBe(
      200,
    );
    const list = (await clients.guest.get(`/api/questions?video_session_id=${s.session}`)).json();
    expect(list.questions).toHaveLength(1);
    expect(list.questions[0]).toMatchObject({
      content: "First?",
      upvotes: [s.people.guest.userId],
      comments: [{ content: "Context" }],
      user: { id: s.people.otherGuest.userId },
    });
    const messages = await topicMessages(use(), s.topics.session);
    const tables = messages.map((m) => `${m.table_name} ${m.event}`);
    expect(tables).toEqual(["questions INSERT", "question_comments INSERT", "question_upvotes INSERT"]);
    // The list says where the topic stood, so the web subscribes from there and misses nothing.
    expect(list.seq).toBe(messages.at(-1)?.seq);
  });

  test.each([
    { case: "empty", content: "   ", status: 400, code: "bad_request" },
    { case: "unverified e-mail", content: "Hi", who: "unverified", status: 403, code: "email_not_verified" },
    { case: "a forged user id", content: "Hi", extra: { user_id: 1 }, status: 400, code: "invalid_request" },
  ] as const)("asking: $case → $status", async ({ content, who, extra, status, code }) => {
    const { s, clients } = await qaScene();
    const res = await clients[who ?? "guest"].post("/api/questions", {
      video_session_id: s.session,
      content,
      ...extra,
    });
    expect(res.statusCode).toBe(status);
    expect(errorCode(res)).toBe(code);
  });

  test("the author cannot upvote their own question; they edit and delete it", async () => {
    const { s, clients, question } = await qaScene();
    const own = await clients.otherGuest.post("/api/questions/upvote", { question_id: question.id });
    expect([own.statusCode, errorCode(own)]).toEqual([403, "own_question_upvote"]);
    const edited = await clients.otherGuest.post("/api/questions/edit", {
      question_id: question.id,
      content: " Second? ",
      event_id: s.event,
    });
    expect(edited.json().question.content).toBe("Second?");
    expect(
      (
        await clients.otherGuest.post("/api/questions/delete", {
          question_id: question.id,
          event_id: s.event,
        })
      ).statusCode,
    ).toBe(200);
  });

  test("answering is refused unless broadcasting; Done stores the time in ms; reopen works in any state", async () => {
    const { s, clients, question } = await qaScene();
    const before = Date.now();
    const done = await clients.host.post("/api/questions/answer", {
      question_id: question.id,
      event_id: s.event,
    });
    expect(done.json().question.answered).toBe(true);
    expect(done.json().question.answeredTimestamp).toBeGreaterThanOrEqual(before);
    await use().query("UPDATE video_sessions SET state = 'postevent' WHERE id = $1", [s.session]);
    const reopened = await clients.host.post("/api/questions/reopen", {
      question_id: question.id,
      event_id: s.event,
    });
    expect(reopened.json().question).toMatchObject({ answered: false, answeredTimestamp: null });
    const refused = await clients.host.post("/api/questions/answer", {
      question_id: question.id,
      event_id: s.event,
    });
    expect([refused.statusCode, errorCode(refused)]).toEqual([409, "questions_not_broadcasting"]);
  });

  test("a disabled Q&A refuses guests' questions and keeps the team's", async () => {
    const { s, clients } = await qaScene();
    await use().query("UPDATE video_sessions SET disable_qa = true WHERE id = $1", [s.session]);
    const guest = await clients.guest.post("/api/questions", { video_session_id: s.session, content: "Hi" });
    expect([guest.statusCode, errorCode(guest)]).toEqual([409, "qa_disabled"]);
    expect(
      (await clients.moderator.post("/api/questions", { video_session_id: s.session, content: "Hi" }))
        .statusCode,
    ).toBe(201);
  });

  test("a shadow-banned user's question and comment are theirs alone: stored, listed to them, published to nobody", async () => {
    const { s, clients, question } = await qaScene();
    await s.g.ban(s.people.guest.userId, s.channel, {
      ban_type: "event",
      event_id: s.event,
      is_shadow: true,
    });
    const seq = (await topicMessages(use(), s.topics.session)).length;
    const asked = await clients.guest.post("/api/questions", {
      video_session_id: s.session,
      content: "Psst",
    });
    expect(asked.statusCode).toBe(201);
    await clients.guest.post("/api/questions/comments", { question_id: question.id, content: "Hidden" });
    expect((await topicMessages(use(), s.topics.session)).length).toBe(seq);
    const mine = (await clients.guest.get(`/api/questions?video_session_id=${s.session}`)).json().questions;
    const theirs = (await clients.otherGuest.get(`/api/questions?video_session_id=${s.session}`)).json()
      .questions;
    expect(mine.map((q: { content: string }) => q.content)).toEqual(["First?", "Psst"]);
    expect(mine[0].comments).toHaveLength(2);
    expect(theirs.map((q: { content: string }) => q.content)).toEqual(["First?"]);
    expect(theirs[0].comments).toHaveLength(1);
    const hidden = await clients.otherGuest.post("/api/questions/upvote", {
      question_id: asked.json().question.id,
    });
    expect(hidden.statusCode).toBe(404);
  });

  test("show on stage and truncate reach the session topic's RoomSession", async () => {
    const { s, clients } = await qaScene();
    await clients.owner.post("/api/video-session/toggle-qa-on-stage", {
      video_session_id: s.session,
      qa_show_on_stage: true,
      event_id: s.event,
    });
    await clients.owner.post("/api/video-session/toggle-qa-truncate", {
      video_session_id: s.session,
      qa_truncate_on_stage: true,
      event_id: s.event,
    });
    const last = (await topicMessages(use(), s.topics.session)).at(-1);
    expect(last?.payload).toMatchObject({ qaShowOnStage: true, qaTruncateOnStage: true });
  });

  test("the question answered last is on stage with its asker until hidden, reopened, toggled off or off air", async () => {
    const { s, clients, question } = await qaScene();
    const onStage = async () =>
      (await clients.guest.get(`/api/video-session/room?video_session_id=${s.session}`)).json().session
        .qaOnStage;
    const post = (who: "host" | "moderator" | "owner", url: string, body: object) =>
      clients[who].post(url, { event_id: s.event, ...body });
    const answer = async (id: number) => {
      await post("moderator", "/api/questions/reopen", { question_id: id });
      expect((await post("moderator", "/api/questions/answer", { question_id: id })).statusCode).toBe(200);
    };
    // 'Show on stage' off: answering shows nothing.
    await answer(question.id);
    expect(await onStage()).toBeNull();
    await post("owner", "/api/video-session/toggle-qa-on-stage", {
      video_session_id: s.session,
      qa_show_on_stage: true,
    });
    await answer(question.id);
    const shown = {
      questionId: question.id,
      content: "First?",
      firstName: expect.any(String),
      lastName: expect.any(String),
    };
    expect(await onStage()).toEqual(shown);
    const last = (await topicMessages(use(), s.topics.session))
      .filter((m) => m.table_name === "video_sessions")
      .at(-1);
    expect(last?.payload).toMatchObject({ qaShowOnStage: true, qaOnStage: shown });
    // The author's edit reaches the stage; another answer replaces the question.
    await clients.otherGuest.post("/api/questions/edit", {
      question_id: question.id,
      content: "Second?",
      event_id: s.event,
    });
    expect((await onStage()).content).toBe("Second?");
    const other = (
      await clients.guest.post("/api/questions", { video_session_id: s.session, content: "Next?" })
    ).json().question;
    await answer(other.id);
    expect((await onStage()).questionId).toBe(other.id);
    // Hiding a question no longer on stage changes nothing; hiding the one shown takes it off.
    await post("host", "/api/questions/hide-from-stage", { question_id: question.id });
    expect((await onStage()).questionId).toBe(other.id);
    await post("host", "/api/questions/hide-from-stage", { question_id: other.id });
    expect(await onStage()).toBeNull();
    for (const leave of [
      () => post("host", "/api/questions/reopen", { question_id: other.id }),
      () =>
        post("owner", "/api/video-session/toggle-qa-on-stage", {
          video_session_id: s.session,
          qa_show_on_stage: false,
        }),
      () =>
        post("host", "/api/video-session/update-video-session", {
          video_session_id: s.session,
          video_session_state: "postevent",
        }),
    ]) {
      await post("owner", "/api/video-session/toggle-qa-on-stage", {
        video_session_id: s.session,
        qa_show_on_stage: true,
      });
      await answer(other.id);
      expect((await onStage())?.questionId).toBe(other.id);
      expect((await leave()).statusCode).toBe(200);
      expect(await onStage()).toBeNull();
    }
  });

  test("a question on stage leaves it when its asker is banned, even shadow-banned", async () => {
    const { s, clients, question } = await qaScene();
    const onStage = async () =>
      (await clients.host.get(`/api/video-session/room?video_session_id=${s.session}`)).json().session
        .qaOnStage;
    await clients.owner.post("/api/video-session/toggle-qa-on-stage", {
      video_session_id: s.session,
      qa_show_on_stage: true,
      event_id: s.event,
    });
    await clients.host.post("/api/questions/answer", { question_id: question.id, event_id: s.event });
    expect((await onStage())?.questionId).toBe(question.id);
    const ban = await clients.host.post("/api/event/ban", {
      user_id: s.people.otherGuest.userId,
      event_id: s.event,
      organization_id: s.channel,
      ban_type: "event",
      shadow: true,
    });
    expect(ban.statusCode).toBe(201);
    expect(await onStage()).toBeNull();
  });

  test("every Q&A route is in the OpenAPI document", async () => {
    const paths = Object.keys(
      (await app().server.inject({ method: "GET", url: "/api/docs/json" })).json().paths,
    );
    const routes = ["/api/questions", "/api/questions/reopen", "/api/questions/upvote/delete"];
    for (const path of [
      ...routes,
      ...ACTIONS.map((a) => a.call({ id: 1, eventId: 1, sessionId: 1, commentId: 1 })[0]),
    ])
      expect(paths).toContain(path);
  });
});
