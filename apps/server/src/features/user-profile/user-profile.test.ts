import { expect, test } from "vitest";
import { useTestApp } from "../../testing/app";
import { describeOnEachDatabase } from "../../testing/databases";
import { errorCode, roomScene } from "../../testing/room-scene";

const profileOf = (userId: number | string, eventId: number | string) =>
  `/api/event/user-profile?user_id=${userId}&event_id=${eventId}`;

describeOnEachDatabase("GET /api/event/user-profile", (use) => {
  const app = useTestApp(use);
  const scene = () => roomScene(app().server, use());

  test("a guest reads a speaker's profile: photo, names, role and bio; an empty bio is null", async () => {
    const s = await scene();
    await use().query(
      "UPDATE users SET first_name = 'Sam', last_name = 'Speaker', bio = 'Talks' WHERE id = $1",
      [s.people.speaker.userId],
    );
    const res = await s.people.guest.client.get(profileOf(s.people.speaker.userId, s.event));
    expect(res.statusCode).toBe(200);
    expect(res.json().profile).toEqual({
      id: s.people.speaker.userId,
      firstName: "Sam",
      lastName: "Speaker",
      profilePhoto: null,
      bio: "Talks",
      eventRole: "speaker",
      orgRole: null,
    });
    await use().query("UPDATE users SET bio = '  ' WHERE id = $1", [s.people.owner.userId]);
    const owner = (await s.people.guest.client.get(profileOf(s.people.owner.userId, s.event))).json().profile;
    expect(owner).toMatchObject({ bio: null, eventRole: null, orgRole: "owner" });
  });

  test.each([
    { case: "a visitor of an event that needs registration", who: "visitor", status: 401 },
    { case: "someone outside the event", who: "outsider", status: 403 },
  ] as const)("$case is refused ($status)", async ({ who, status }) => {
    const s = await scene();
    const client = who === "visitor" ? s.visitor : s.people[who].client;
    expect((await client.get(profileOf(s.people.speaker.userId, s.event))).statusCode).toBe(status);
  });

  test("only people of the event have a profile there; bad ids are refused", async () => {
    const s = await scene();
    const other = await scene();
    const res = await s.people.guest.client.get(profileOf(s.people.outsider.userId, s.event));
    expect([res.statusCode, errorCode(res)]).toEqual([404, "user_not_found"]);
    // A guest of another event is not a person of this one.
    const foreign = await s.people.guest.client.get(profileOf(other.people.guest.userId, s.event));
    expect(foreign.statusCode).toBe(404);
    expect((await s.people.guest.client.get(profileOf("abc", s.event))).statusCode).toBe(400);
    expect((await s.people.guest.client.get(profileOf(s.people.speaker.userId, 987654))).statusCode).toBe(
      404,
    );
  });
});
