import type { SubscribeAck } from "@onstage/domain";
import { expect, test } from "vitest";
import { describeOnEachDatabase } from "../../testing/databases";
import { given } from "../../testing/given";
import { RealtimeClient, useListeningApp } from "../../testing/realtime";

// Issue 10 §1.6 over the socket: an unlisted event's topics are named by sequential ids, so a visitor
// who never opened the event by its code is told the topic does not exist.

const outcome = (ack: SubscribeAck) => (ack.status === "CHANNEL_ERROR" ? ack.error.code : ack.status);

describeOnEachDatabase("realtime: unlisted events by id", (use) => {
  const server = useListeningApp(use);

  test("only a browser that opened the unlisted event by its code subscribes to its topics", async () => {
    const g = given(use());
    const code = `unlisted-${Math.random().toString(36).slice(2, 10)}`;
    const event = await g.event(await g.channel(), { private: true, access: "open", event_code: code });
    const session = await g.session(event, { state: "broadcasting" });
    const chat = await g.chat(session);
    const topics = [`event:${event}`, `session:${session}`, `chat:${chat}`];
    const { url } = server();

    const stranger = await RealtimeClient.connect(url);
    const page = await fetch(`${url}/api/events/by-code/${code}`);
    expect(page.status).toBe(200);
    const cookie = page.headers
      .getSetCookie()
      .map((c) => c.split(";")[0])
      .join("; ");
    const opener = await RealtimeClient.connect(url, { cookie });
    try {
      for (const topic of topics) {
        expect(outcome(await stranger.subscribe(topic))).toBe("not_found");
        expect(outcome(await opener.subscribe(topic))).toBe("SUBSCRIBED");
      }
    } finally {
      stranger.close();
      opener.close();
    }
  });
});
