import { PROFILE_BATCH_MAX_IDS } from "@onstage/domain";
import { expect, test } from "vitest";
import { useTestApp } from "../../testing/app";
import { describeOnEachDatabase } from "../../testing/databases";
import { errorCode, roomScene } from "../../testing/room-scene";

// Issue 29 §3: spec 1 §7's profile batch, GET with a POST fallback, limited to the event's people.

describeOnEachDatabase("GET and POST /api/user/profile (the profile batch)", (use) => {
  const app = useTestApp(use);
  const scene = () => roomScene(app().server, use());
  const batchUrl = (ids: (number | string)[], eventId: number) =>
    `/api/user/profile?ids=${ids.join(",")}&event_id=${eventId}`;

  test("100 ids in one GET: the event's people answer, everyone else (another event's guest included) is left out; POST answers the same", async () => {
    const s = await scene();
    const other = await scene();
    const p = s.people;
    await use().query("UPDATE users SET first_name = 'Sam', last_name = 'Speaker' WHERE id = $1", [
      p.speaker.userId,
    ]);
    // A signed-in visitor of the room who is neither registered nor on the team: a presence makes them one of its people.
    await s.g.presence(s.session, p.outsider.userId, { state: "active", last_seen: new Date() });
    const wanted = [p.speaker.userId, p.member.userId, p.guest.userId, p.outsider.userId];
    const strangers = [other.people.guest.userId, other.people.host.userId];
    const filler = Array.from(
      { length: PROFILE_BATCH_MAX_IDS - wanted.length - strangers.length },
      (_, i) => 900_000_000 + i,
    );
    const ids = [...wanted, ...strangers, ...filler];
    expect(ids).toHaveLength(100);
    const res = await p.guest.client.get(batchUrl(ids, s.event));
    expect(res.statusCode).toBe(200);
    const users = res.json().users as { id: number }[];
    expect(users.map((u) => u.id).sort()).toEqual([...wanted].sort());
    expect(users.find((u) => u.id === p.speaker.userId)).toEqual({
      id: p.speaker.userId,
      firstName: "Sam",
      lastName: "Speaker",
      profilePhoto: null,
    });
    // Nothing but the public card: no e-mail, no role.
    expect(Object.keys(users[0] ?? {}).sort()).toEqual(["firstName", "id", "lastName", "profilePhoto"]);

    const posted = await p.guest.client.post("/api/user/profile", { userIds: ids, eventId: s.event });
    expect(posted.statusCode).toBe(200);
    expect(posted.json()).toEqual(res.json());
  });

  test.each([
    { case: "101 ids", ids: Array.from({ length: 101 }, (_, i) => i + 1) },
    { case: "no ids", ids: [] },
    { case: "a word", ids: ["abc"] },
    { case: "a negative id", ids: ["-1"] },
  ])("GET with $case is refused (400)", async ({ ids }) => {
    const s = await scene();
    const res = await s.people.guest.client.get(batchUrl(ids, s.event));
    expect([res.statusCode, errorCode(res)]).toEqual([400, "invalid_request"]);
  });

  test("POST refuses 101 ids and unknown fields", async () => {
    const s = await scene();
    const post = (body: unknown) => s.people.guest.client.post("/api/user/profile", body);
    const many = Array.from({ length: 101 }, (_, i) => i + 1);
    expect((await post({ userIds: many, eventId: s.event })).statusCode).toBe(400);
    expect((await post({ userIds: [1], eventId: s.event, emails: true })).statusCode).toBe(400);
  });

  test.each([
    { case: "a visitor of an event that needs registration", who: "visitor", status: 401 },
    { case: "someone outside the event", who: "outsider", status: 403 },
  ] as const)("$case reads no one ($status)", async ({ who, status }) => {
    const s = await scene();
    const client = who === "visitor" ? s.visitor : s.people[who].client;
    expect((await client.get(batchUrl([s.people.speaker.userId], s.event))).statusCode).toBe(status);
    expect((await client.get(batchUrl([s.people.speaker.userId], 987_654))).statusCode).toBe(404);
  });
});
