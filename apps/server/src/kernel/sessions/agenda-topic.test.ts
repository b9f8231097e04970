import { expect, test } from "vitest";
import { useTestApp } from "../../testing/app";
import { describeOnEachDatabase } from "../../testing/databases";
import { roomScene, topicMessages } from "../../testing/room-scene";

// Spec 2 §2: the lobby's agenda is live. A change the agenda shows (state, schedule, title, a session
// added or deleted) reaches the event topic with the session as the agenda lists it; a room setting
// does not.

describeOnEachDatabase("the agenda on the event topic", (use) => {
  const app = useTestApp(use);

  test("a state move publishes session.updated on event:{id}; toggling chat does not", async () => {
    const s = await roomScene(app().server, use(), { session: { state: "scheduled" } });
    const host = s.people.host.client;
    const session = { video_session_id: s.session, event_id: s.event };
    const agendaNews = async () =>
      (await topicMessages(use(), s.topics.event)).filter((m) => m.event === "session.updated");

    expect(
      (await host.post("/api/video-session/toggle-chat", { ...session, disable_chat: true })).statusCode,
    ).toBe(200);
    expect(await agendaNews()).toEqual([]);

    await use().query("DELETE FROM subscriptions WHERE organization_id = $1", [s.channel]);
    const moved = await host.post("/api/video-session/update-video-session", {
      ...session,
      video_session_state: "greenroom",
    });
    expect(moved.statusCode).toBe(200);
    const news = await agendaNews();
    expect(news).toHaveLength(1);
    expect(news[0]?.payload).toMatchObject({ id: s.session, state: "greenroom", sessionType: "regular" });
  });

  test("a session added in the dashboard joins the agenda; a deleted one leaves it", async () => {
    const s = await roomScene(app().server, use(), { event: { multi_session: true } });
    const owner = s.people.owner.client;
    const added = await owner.post(`/api/dash/events/${s.event}/sessions`, {
      title: "Late addition",
      timeScheduled: "2031-01-01T10:00:00.000Z",
      durationMinutes: 30,
    });
    expect(added.statusCode).toBe(201);
    const id = added.json().session.id;
    expect((await owner.request("DELETE", `/api/dash/sessions/${id}`)).statusCode).toBe(204);
    const news = (await topicMessages(use(), s.topics.event)).filter((m) => m.event.startsWith("session."));
    expect(news.map((m) => [m.event, m.payload])).toEqual([
      ["session.updated", expect.objectContaining({ id, title: "Late addition" })],
      ["session.removed", { id }],
    ]);
  });
});
