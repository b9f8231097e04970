import { AUDIENCE_RATE_LIMITS } from "@onstage/domain";
import { expect, test } from "vitest";
import { useTestApp } from "../../testing/app";
import type { TestClient } from "../../testing/client";
import { describeOnEachDatabase } from "../../testing/databases";
import { eventually } from "../../testing/realtime";
import { clientOf, errorCode, roomScene, topicMessages } from "../../testing/room-scene";

const ROLES = [
  "owner",
  "admin",
  "host",
  "moderator",
  "member",
  "speaker",
  "other speaker",
  "guest",
  "banned",
  "signed out",
] as const;
type Role = (typeof ROLES)[number];
const MANAGERS = new Set<Role>(["owner", "admin", "host", "moderator", "member"]);
/** Spec 2 §6: everyone who reads the session votes; the banned read nothing. */
const VOTERS = new Set<Role>([...MANAGERS, "speaker", "other speaker", "guest"]);
const ACTIONS = ["create", "update", "hide", "delete", "reorder", "answer", "remove answer"] as const;
type Action = (typeof ACTIONS)[number];
const MANAGING = new Set<Action>(["create", "update", "hide", "delete", "reorder"]);

describeOnEachDatabase("polls", (use, engine) => {
  const app = useTestApp(use);

  /** The room scene with a shown poll of two options, a poll of another event, and a client per role. */
  async function scene() {
    const s = await roomScene(app().server, use());
    const person = async (setup: (userId: number) => Promise<unknown>) =>
      clientOf(app().server, use(), (await s.person(setup)).userId);
    const otherEvent = await s.g.event(await s.g.channel());
    const otherSession = await s.g.session(otherEvent, { state: "broadcasting" });
    const [foreign] = await use().query<{ id: number }>(
      `INSERT INTO polls (event_id, session_id, question) VALUES ($1, $2, 'Elsewhere?') RETURNING id`,
      [otherEvent, otherSession],
    );
    const [foreignOption] = await use().query<{ id: number }>(
      `INSERT INTO polls_options (poll_id, option) VALUES ($1, 'Yes'), ($1, 'No') RETURNING id`,
      [foreign?.id],
    );
    const created = await s.people.owner.client.post("/api/polls", {
      event_id: s.event,
      session_id: s.session,
      question: "Tea or coffee?",
      options: ["Tea", "Coffee", ""],
    });
    expect(`${created.statusCode} ${created.body}`).toMatch(/^201/);
    const poll = created.json().poll as { id: number; options: { id: number; option: string }[] };
    const clients: Record<Role, TestClient> = {
      owner: s.people.owner.client,
      admin: await person((u) => s.g.role(s.event, u, "admin")),
      host: s.people.host.client,
      moderator: s.people.moderator.client,
      member: s.people.member.client,
      speaker: s.people.speaker.client,
      "other speaker": await person((u) => s.g.speaker(s.event, u, [s.otherSession])),
      guest: s.people.guest.client,
      banned: await person(async (u) => {
        await s.registered(u);
        await s.g.ban(u, s.channel, { ban_type: "event", event_id: s.event });
      }),
      "signed out": s.visitor,
    };
    const topics = { audience: `polls:${s.session}`, team: `polls-team:${s.session}` };
    return {
      ...s,
      otherEventSession: otherSession,
      clients,
      poll,
      topics,
      foreign: { id: foreign?.id ?? 0, optionId: foreignOption?.id ?? 0, eventId: otherEvent },
    };
  }
  type Scene = Awaited<ReturnType<typeof scene>>;

  /** Everything a change could touch, to compare before and after a refused request. */
  const snapshot = (s: Scene) =>
    Promise.all([
      use().query(`SELECT id, question, hidden, show_answers, "order" FROM polls ORDER BY id`),
      use().query(`SELECT id, poll_id, option, "order" FROM polls_options ORDER BY id`),
      use().query(`SELECT poll_id, user_id, option_id FROM poll_answers ORDER BY poll_id, user_id`),
      topicMessages(use(), s.topics.team),
      topicMessages(use(), s.topics.audience),
    ]);

  async function createHidden(s: Scene, question: string): Promise<{ id: number; shownAt: string | null }> {
    const body = { event_id: s.event, session_id: s.session, question, hidden: true, options: ["x", "y"] };
    return (await s.clients.owner.post("/api/polls", body)).json().poll;
  }

  function request(s: Scene, action: Action, foreign: boolean) {
    const pollId = foreign ? s.foreign.id : s.poll.id;
    const optionId = foreign ? s.foreign.optionId : (s.poll.options[0]?.id ?? 0);
    const base = { poll_id: pollId, event_id: s.event };
    switch (action) {
      case "create":
        return [
          "/api/polls",
          {
            event_id: s.event,
            session_id: foreign ? s.otherEventSession : s.session,
            question: "New?",
            options: ["a", "b"],
          },
        ] as const;
      case "update":
        return ["/api/polls/update", { ...base, set: { question: "Tea, coffee or water?" } }] as const;
      case "hide":
        return ["/api/polls/update", { ...base, set: { hidden: true } }] as const;
      case "delete":
        return ["/api/polls/delete", base] as const;
      case "reorder":
        return ["/api/polls/reorder", { session_id: s.session, order: [pollId] }] as const;
      case "answer":
        return ["/api/polls/answer", { poll_id: pollId, option_id: optionId }] as const;
      case "remove answer":
        return ["/api/polls/answer/delete", { poll_id: pollId }] as const;
    }
  }

  const allowed = (role: Role, action: Action) => (MANAGING.has(action) ? MANAGERS : VOTERS).has(role);
  const refusal = (role: Role) => (role === "signed out" ? 401 : 403);

  // The role × action matrix is the server's checks, not its SQL: once, on PostgreSQL.
  const matrix =
    engine === "postgres" ? ACTIONS.flatMap((action) => ROLES.map((role) => ({ role, action }))) : [];

  test.each(matrix)("$role: $action a poll of this event", async ({ role, action }) => {
    const s = await scene();
    if (action === "remove answer") {
      await use().query(
        `INSERT INTO poll_answers (poll_id, user_id, option_id) SELECT $1, id, $2 FROM users`,
        [s.poll.id, s.poll.options[0]?.id],
      );
    }
    const before = await snapshot(s);
    const [url, body] = request(s, action, false);
    const res = await s.clients[role].post(url, body);
    if (!allowed(role, action)) {
      expect(res.statusCode).toBe(refusal(role));
      expect(await snapshot(s)).toEqual(before);
      return;
    }
    expect(res.statusCode).toBeLessThan(300);
    // Every change reaches the managers' topic: at once, or a vote's results within the window.
    await eventually("the change is published", async () => {
      return (await topicMessages(use(), s.topics.team)).length > before[3].length;
    });
  });

  test.each(matrix)(
    "$role: $action a poll of another event → refused, nothing changes",
    async ({ role, action }) => {
      const s = await scene();
      const before = await snapshot(s);
      const [url, body] = request(s, action, true);
      const res = await s.clients[role].post(url, body);
      expect([401, 403, 404, 400]).toContain(res.statusCode);
      if (role === "signed out") expect(res.statusCode).toBe(401);
      expect(await snapshot(s)).toEqual(before);
      expect(await use().query(`SELECT * FROM poll_answers WHERE poll_id = $1`, [s.foreign.id])).toEqual([]);
    },
  );

  test("the audience sees shown polls without results; managers see hidden ones and every count", async () => {
    const s = await scene();
    await createHidden(s, "Secret?");
    await s.clients.guest.post("/api/polls/answer", { poll_id: s.poll.id, option_id: s.poll.options[1]?.id });
    const guest = (await s.clients.guest.get(`/api/polls?video_session_id=${s.session}`)).json();
    expect(guest.polls.map((p: { question: string }) => p.question)).toEqual(["Tea or coffee?"]);
    expect(guest.polls[0].options.map((o: { answers: unknown }) => o.answers)).toEqual([null, null]);
    expect(guest.myAnswers).toEqual([{ pollId: s.poll.id, optionId: s.poll.options[1]?.id }]);
    expect(guest.mayManage).toBe(false);
    const host = (await s.clients.host.get(`/api/polls?video_session_id=${s.session}`)).json();
    expect(host.polls.map((p: { question: string }) => p.question)).toEqual(["Tea or coffee?", "Secret?"]);
    expect(host.polls[0].options.map((o: { answers: unknown }) => o.answers)).toEqual([0, 1]);
    // The hidden poll reached the managers' topic only.
    const audience = await topicMessages(use(), s.topics.audience);
    expect(audience.map((m) => (m.payload as { question?: string }).question)).not.toContain("Secret?");
  });

  test("results reach the audience only once the poll shows answers", async () => {
    const s = await scene();
    await s.clients.guest.post("/api/polls/answer", { poll_id: s.poll.id, option_id: s.poll.options[0]?.id });
    await eventually("the managers hear the results", async () =>
      (await topicMessages(use(), s.topics.team)).some((m) => m.event === "poll.results"),
    );
    expect((await topicMessages(use(), s.topics.audience)).some((m) => m.event === "poll.results")).toBe(
      false,
    );
    await s.clients.host.post("/api/polls/update", {
      poll_id: s.poll.id,
      event_id: s.event,
      set: { show_answers: true },
    });
    const shown = (await topicMessages(use(), s.topics.audience)).at(-1);
    expect(shown?.event).toBe("poll.saved");
    expect(shown?.payload).toMatchObject({ options: [{ answers: 1 }, { answers: 0 }] });
    await s.people.otherGuest.client.post("/api/polls/answer", {
      poll_id: s.poll.id,
      option_id: s.poll.options[1]?.id,
    });
    await eventually("the audience hears the results", async () =>
      (await topicMessages(use(), s.topics.audience)).some((m) => m.event === "poll.results"),
    );
  });

  test.each([
    { case: "unverified e-mail", who: "unverified", hidden: false, status: 403, code: "email_not_verified" },
    { case: "a guest on a hidden poll", who: "guest", hidden: true, status: 404, code: "poll_not_found" },
    {
      case: "a moderator on a hidden poll",
      who: "moderator",
      hidden: true,
      status: 409,
      code: "poll_hidden",
    },
  ] as const)("voting refused: $case", async ({ who, hidden, status, code }) => {
    const s = await scene();
    if (hidden)
      await use().query(`UPDATE polls SET hidden = true, shown_at = NULL WHERE id = $1`, [s.poll.id]);
    const res = await s.people[who].client.post("/api/polls/answer", {
      poll_id: s.poll.id,
      option_id: s.poll.options[0]?.id,
    });
    expect(res.statusCode).toBe(status);
    expect(errorCode(res)).toBe(code);
    expect(await use().query(`SELECT * FROM poll_answers WHERE poll_id = $1`, [s.poll.id])).toEqual([]);
  });

  test("an option of another poll is refused", async () => {
    const s = await scene();
    const res = await s.clients.guest.post("/api/polls/answer", {
      poll_id: s.poll.id,
      option_id: s.foreign.optionId,
    });
    expect(res.statusCode).toBe(404);
    expect(errorCode(res)).toBe("poll_option_not_found");
  });

  test.each([
    { case: "no question", body: { question: " ", options: ["a", "b"] } },
    { case: "one option alone", body: { question: "Q", options: ["a", " "] } },
    { case: "an extra field", body: { question: "Q", options: ["a", "b"], user_id: 1 } },
  ])("creating refused: $case → 400", async ({ body }) => {
    const s = await scene();
    const before = await snapshot(s);
    const res = await s.clients.host.post("/api/polls", {
      event_id: s.event,
      session_id: s.session,
      ...body,
    });
    expect(res.statusCode).toBe(400);
    expect(await snapshot(s)).toEqual(before);
  });

  test("an edit keeps, edits, adds and deletes options; the deleted option's answers go", async () => {
    const s = await scene();
    const [tea, coffee] = s.poll.options;
    await s.clients.guest.post("/api/polls/answer", { poll_id: s.poll.id, option_id: coffee?.id });
    const res = await s.clients.moderator.post("/api/polls/update", {
      poll_id: s.poll.id,
      event_id: s.event,
      options: [{ id: tea?.id, option: "Green tea" }, { option: "Water" }, { option: "" }],
      delete_options: [coffee?.id],
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().poll.options.map((o: { option: string }) => o.option)).toEqual(["Green tea", "Water"]);
    expect(await use().query(`SELECT * FROM poll_answers WHERE poll_id = $1`, [s.poll.id])).toEqual([]);
    const tooFew = await s.clients.moderator.post("/api/polls/update", {
      poll_id: s.poll.id,
      event_id: s.event,
      options: [{ id: tea?.id, option: "Green tea" }],
    });
    expect(tooFew.statusCode).toBe(400);
  });

  test("hiding a poll takes it from the audience; a reorder must name every poll", async () => {
    const s = await scene();
    const second = (
      await s.clients.owner.post("/api/polls", {
        event_id: s.event,
        session_id: s.session,
        question: "Second?",
        options: ["a", "b"],
      })
    ).json().poll;
    await s.clients.owner.post("/api/polls/update", {
      poll_id: s.poll.id,
      event_id: s.event,
      set: { hidden: true },
    });
    expect((await topicMessages(use(), s.topics.audience)).at(-1)).toMatchObject({
      event: "poll.removed",
      payload: { pollId: s.poll.id },
    });
    expect(
      (await s.clients.owner.post("/api/polls/reorder", { session_id: s.session, order: [second.id] }))
        .statusCode,
    ).toBe(400);
    const res = await s.clients.owner.post("/api/polls/reorder", {
      session_id: s.session,
      order: [second.id, s.poll.id],
    });
    expect(res.statusCode).toBe(200);
    expect((await topicMessages(use(), s.topics.audience)).at(-1)?.payload).toEqual({ order: [second.id] });
    expect((await topicMessages(use(), s.topics.team)).at(-1)?.payload).toEqual({
      order: [second.id, s.poll.id],
    });
  });

  test("concurrent votes: one answer per user, a switch in one statement, the last results are exact", async () => {
    const s = await scene();
    const [tea, coffee] = s.poll.options;
    // The client fetches its CSRF token on its first write: one vote before the burst.
    await s.clients.guest.post("/api/polls/answer", { poll_id: s.poll.id, option_id: tea?.id });
    // As many switches as the poll_answer limit leaves after that vote (issue 23 §2.2).
    const switches = Array.from({ length: AUDIENCE_RATE_LIMITS.poll_answer.max - 1 }, (_, i) =>
      s.clients.guest.post("/api/polls/answer", {
        poll_id: s.poll.id,
        option_id: (i % 2 ? tea : coffee)?.id,
      }),
    );
    const voters = await Promise.all(
      Array.from({ length: 8 }, async () => (await s.person(s.registered)).userId),
    );
    const votes = voters.map(async (u) =>
      (await clientOf(app().server, use(), u)).post("/api/polls/answer", {
        poll_id: s.poll.id,
        option_id: tea?.id,
      }),
    );
    const all = await Promise.all([...switches, ...votes]);
    expect(all.map((res) => `${res.statusCode} ${res.statusCode === 200 ? "" : res.body}`.trim())).toEqual(
      all.map(() => "200"),
    );
    const answers = await use().query(`SELECT user_id FROM poll_answers WHERE poll_id = $1`, [s.poll.id]);
    expect(answers).toHaveLength(9);
    await eventually("the last results count every answer", async () => {
      const last = (await topicMessages(use(), s.topics.team))
        .filter((m) => m.event === "poll.results")
        .at(-1);
      const counts = (last?.payload as { counts: { answers: number }[] } | undefined)?.counts ?? [];
      return counts.reduce((sum, c) => sum + c.answers, 0) === 9;
    });
  });

  test("a poll is launched when the audience can see it: created shown, or shown again (issue 12 §11)", async () => {
    const s = await scene();
    const created = (await s.clients.guest.get(`/api/polls?video_session_id=${s.session}`)).json().polls[0];
    expect(created.shownAt).toBe(created.createdAt);
    const hiddenAtFirst = await createHidden(s, "Later?");
    expect(hiddenAtFirst.shownAt).toBeNull();
    const edit = (set: { hidden?: boolean; question?: string }, pollId = s.poll.id) =>
      s.clients.host
        .post("/api/polls/update", { poll_id: pollId, event_id: s.event, set })
        .then((res) => res.json().poll as { shownAt: string | null });
    expect((await edit({ question: "Tea?" })).shownAt).toBe(created.shownAt);
    expect((await edit({ hidden: true })).shownAt).toBeNull();
    expect((await edit({ hidden: true })).shownAt).toBeNull();
    const shownAgain = await edit({ hidden: false });
    expect(Date.parse(shownAgain.shownAt ?? "")).toBeGreaterThan(Date.parse(created.shownAt));
    expect((await edit({ question: "Tea or water?" })).shownAt).toBe(shownAgain.shownAt);
    const launched = await edit({ hidden: false }, hiddenAtFirst.id);
    expect(launched.shownAt).not.toBeNull();
    // The audience's message carries the moment it is to appear at.
    expect((await topicMessages(use(), s.topics.audience)).at(-1)?.payload).toMatchObject({
      id: hiddenAtFirst.id,
      shownAt: launched.shownAt,
    });
  });

  test("a voter's own answer reaches their other tabs on their own topic, and nobody else's", async () => {
    const s = await scene();
    const userTopic = (userId: number) => topicMessages(use(), `user:${userId}`);
    const [tea, coffee] = s.poll.options;
    await s.clients.guest.post("/api/polls/answer", { poll_id: s.poll.id, option_id: tea?.id });
    await s.clients.guest.post("/api/polls/answer", { poll_id: s.poll.id, option_id: coffee?.id });
    await s.clients.guest.post("/api/polls/answer/delete", { poll_id: s.poll.id });
    expect((await userTopic(s.people.guest.userId)).map((m) => [m.event, m.payload])).toEqual([
      ["poll.answered", { pollId: s.poll.id, optionId: tea?.id }],
      ["poll.answered", { pollId: s.poll.id, optionId: coffee?.id }],
      ["poll.answered", { pollId: s.poll.id, optionId: null }],
    ]);
    expect(await userTopic(s.people.otherGuest.userId)).toEqual([]);
    for (const topic of Object.values(s.topics)) {
      const messages = await topicMessages(use(), topic);
      expect(messages.some((m) => m.event === "poll.answered")).toBe(false);
    }
  });

  test("a shadow-banned voter sees their answer counted; nobody else's counts include it", async () => {
    const s = await scene();
    const shadow = await s.person(async (u) => {
      await s.registered(u);
      await s.g.ban(u, s.channel, { ban_type: "event", event_id: s.event, is_shadow: true });
    });
    const shadowClient = await clientOf(app().server, use(), shadow.userId);
    await s.clients.host.post("/api/polls/update", {
      poll_id: s.poll.id,
      event_id: s.event,
      set: { show_answers: true },
    });
    const [tea, coffee] = s.poll.options;
    expect(
      (await shadowClient.post("/api/polls/answer", { poll_id: s.poll.id, option_id: tea?.id })).statusCode,
    ).toBe(200);
    await s.clients.guest.post("/api/polls/answer", { poll_id: s.poll.id, option_id: coffee?.id });
    const counts = (body: { polls: { options: { answers: number | null }[] }[] }) =>
      body.polls[0]?.options.map((o) => o.answers);
    const own = (await shadowClient.get(`/api/polls?video_session_id=${s.session}`)).json();
    // The list's counts are everyone's; the shadow-banned viewer's tab adds its own answer to them.
    expect(counts(own)).toEqual([0, 1]);
    expect(own.myAnswers).toEqual([{ pollId: s.poll.id, optionId: tea?.id }]);
    expect(own.myAnswersCounted).toBe(false);
    const guest = (await s.clients.guest.get(`/api/polls?video_session_id=${s.session}`)).json();
    expect(counts(guest)).toEqual([0, 1]);
    expect(guest.myAnswersCounted).toBe(true);
    expect(counts((await s.clients.host.get(`/api/polls?video_session_id=${s.session}`)).json())).toEqual([
      0, 1,
    ]);
    await eventually("the results go out", async () =>
      (await topicMessages(use(), s.topics.audience)).some((m) => m.event === "poll.results"),
    );
    for (const topic of Object.values(s.topics)) {
      const last = (await topicMessages(use(), topic)).filter((m) => m.event === "poll.results").at(-1);
      expect(last?.payload).toEqual({
        pollId: s.poll.id,
        counts: [
          { optionId: tea?.id, answers: 0 },
          { optionId: coffee?.id, answers: 1 },
        ],
      });
    }
  });

  test("a shadow ban set or lifted re-counts the voter's polls for everyone at once", async () => {
    const s = await scene();
    const [tea] = s.poll.options;
    await s.clients.guest.post("/api/polls/answer", { poll_id: s.poll.id, option_id: tea?.id });
    const teaCounts = async () =>
      (await topicMessages(use(), s.topics.team))
        .filter((m) => m.event === "poll.results")
        .map((m) => (m.payload as { counts: { answers: number }[] }).counts[0]?.answers);
    await eventually("the vote is counted", async () => (await teaCounts()).at(-1) === 1);
    const ban = {
      user_id: s.people.guest.userId,
      event_id: s.event,
      organization_id: s.channel,
      ban_type: "event",
    };
    const banned = await s.clients.host.post("/api/event/ban", { ...ban, shadow: true });
    expect(banned.statusCode).toBe(201);
    await eventually(
      "the shadow-banned vote leaves the counts",
      async () => (await teaCounts()).at(-1) === 0,
    );
    const unban = { ban_id: banned.json().banId, event_id: s.event, organization_id: s.channel };
    expect((await s.clients.host.post("/api/event/unban", unban)).statusCode).toBe(200);
    await eventually("the lifted ban's vote counts again", async () => (await teaCounts()).at(-1) === 1);
  });
});
