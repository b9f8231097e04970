import { expect, test } from "vitest";
import { useTestApp } from "../../testing/app";
import { describeOnEachDatabase } from "../../testing/databases";
import { errorCode, roleMatrixClients, roomScene, topicMessages } from "../../testing/room-scene";

const TOGGLE = "/api/video-session/toggle-clipping";

describeOnEachDatabase("toggle-clipping", (use) => {
  const app = useTestApp(use);
  const scene = () => roomScene(app().server, use());
  const clippingOf = async (eventId: number) => {
    const [row] = await use().query<{ disable_clipping: boolean }>(
      "SELECT disable_clipping FROM events WHERE id = $1",
      [eventId],
    );
    return row?.disable_clipping;
  };

  test.each([
    { who: "owner", status: 200 },
    { who: "channelAdmin", status: 200 },
    { who: "member", status: 200 },
    { who: "eventAdmin", status: 200 },
    { who: "host", status: 200 },
    { who: "moderator", status: 200 },
    { who: "speaker", status: 403, code: "forbidden" },
    { who: "otherSpeaker", status: 403, code: "forbidden" },
    { who: "guest", status: 403, code: "forbidden" },
    { who: "outsider", status: 403, code: "forbidden" },
    { who: "banned", status: 403, code: "banned" },
    { who: "visitor", status: 401, code: "unauthorized" },
  ])("by $who → $status", async ({ who, status, code }) => {
    const s = await scene();
    const client = await roleMatrixClients(s, "moderator");
    const res = await client(who).post(TOGGLE, { disable_clipping: true, event_id: s.event });
    expect(res.statusCode).toBe(status);
    if (code) expect(errorCode(res)).toBe(code);
    expect(await clippingOf(s.event)).toBe(status === 200);
    const published = await topicMessages(use(), s.topics.event);
    expect(published.filter((m) => m.event === "clipping.toggled")).toHaveLength(status === 200 ? 1 : 0);
  });

  test("a host of one event cannot toggle another event's clipping", async () => {
    const s = await scene();
    const other = await scene();
    const res = await s.people.host.client.post(TOGGLE, { disable_clipping: true, event_id: other.event });
    expect(res.statusCode).toBe(403);
    expect(await clippingOf(other.event)).toBe(false);
  });

  test("bad input changes nothing", async () => {
    const s = await scene();
    for (const body of [
      { disable_clipping: "yes", event_id: s.event },
      { disable_clipping: true },
      { disable_clipping: true, event_id: s.event, video_session_id: s.session },
    ]) {
      const res = await s.people.owner.client.post(TOGGLE, body);
      expect(res.statusCode).toBe(400);
    }
    expect(
      (await s.people.owner.client.post(TOGGLE, { disable_clipping: true, event_id: 987654 })).statusCode,
    ).toBe(404);
    expect(await clippingOf(s.event)).toBe(false);
  });

  test("the event page and the event topic follow the setting; a repeat publishes nothing", async () => {
    const s = await scene();
    const toggle = (disable: boolean) =>
      s.people.owner.client.post(TOGGLE, { disable_clipping: disable, event_id: s.event });
    expect((await toggle(true)).json()).toEqual({ disableClipping: true });
    expect((await toggle(true)).statusCode).toBe(200);
    expect((await toggle(false)).json()).toEqual({ disableClipping: false });
    const published = await topicMessages(use(), s.topics.event);
    expect(published.filter((m) => m.event === "clipping.toggled").map((m) => m.payload)).toEqual([
      { disableClipping: true },
      { disableClipping: false },
    ]);
    expect(await clippingOf(s.event)).toBe(false);
    await toggle(true);
    const [{ event_code } = { event_code: "" }] = await use().query<{ event_code: string }>(
      "SELECT event_code FROM events WHERE id = $1",
      [s.event],
    );
    const page = await s.people.guest.client.get(`/api/events/by-code/${event_code}`);
    expect(page.json().event.disableClipping).toBe(true);
  });
});
