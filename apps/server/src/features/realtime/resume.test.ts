import { REALTIME_BATCH_TICK_MS } from "@onstage/domain";
import { beforeAll, expect, test } from "vitest";
import { describeOnEachDatabase } from "../../testing/databases";
import { eventually, RealtimeClient, settle, useListeningApp } from "../../testing/realtime";
import { type SessionScene, sessionScene } from "../../testing/room-scene";
import { publishChanges, range } from "../../testing/sample-messages";

const REPLAY_MAX = 10;

describeOnEachDatabase("realtime: sequences, batches, resume and refetch", (use) => {
  const server = useListeningApp(use, { realtimeTuning: { replayMaxMessages: REPLAY_MAX } });
  let scene: SessionScene;
  beforeAll(async () => {
    scene = await sessionScene(use());
  });
  const publish = (topic: string, count: number) =>
    publishChanges(use(), server().app.realtime.realtime, topic, count);
  const guest = () => RealtimeClient.connect(server().url, { cookie: scene.people.guest.cookie });

  test("a committed change reaches subscribers with the topic's next sequence", async () => {
    const client = await guest();
    const topic = scene.topics.publicChat;
    const ack = await client.subscribe(topic);
    expect(ack).toEqual({ status: "SUBSCRIBED", topic, seq: 0, missed: [] });
    const [sent] = await publish(topic, 1);
    await eventually("the message", () => client.received.length === 1);
    expect(client.received).toEqual([sent]);
    expect(sent).toMatchObject({ topic, seq: 1, kind: "change", event: "INSERT", table: "chat_messages" });
    client.close();
  });

  test("after a dropped connection the client gets what it missed exactly once, in order", async () => {
    const topic = scene.topics.publicChat;
    const client = await guest();
    const start = await client.subscribedAt(topic);
    await publish(topic, 3);
    await eventually("the first three", () => client.seqs(topic).length === 3);

    // The network goes: the transport closes under the client, which reconnects and resumes by itself.
    const dropped = new Promise((resolve) => client.socket.once("disconnect", resolve));
    client.socket.io.engine.close();
    await dropped;
    await publish(topic, 4);
    await eventually("the resume", () => client.seqs(topic).length === 7);
    await publish(topic, 1);
    await eventually("live again", () => client.seqs(topic).length === 8);
    await settle();

    expect(client.seqs(topic)).toEqual(range(start + 1, start + 8));
    const resumed = client.acks.at(-1);
    expect(resumed).toMatchObject({ status: "SUBSCRIBED", seq: start + 7 });
    expect(resumed?.status === "SUBSCRIBED" && resumed.missed.map((m) => m.seq)).toEqual(
      range(start + 4, start + 7),
    );
    // Nothing arrived twice on the wire either: the missed ones came only inside the acknowledgement.
    const live = client.received.map((m) => m.seq);
    expect(new Set(live).size).toBe(live.length);
    client.close();
  });

  test("a new connection resumes with since = last sequence; nothing repeated", async () => {
    const topic = scene.topics.event;
    const first = await guest();
    const start = await first.subscribedAt(topic);
    await publish(topic, 2);
    await eventually("two messages", () => first.seqs(topic).length === 2);
    const last = first.last(topic);
    await publish(topic, 3);
    // Once the tick's batch is out: a subscription made while it still waits gets it live as well (the
    // tracker drops that copy), which is not what this test is about.
    await eventually("the batch", () => first.seqs(topic).length === 5);
    first.close();

    const second = await guest();
    const ack = await second.subscribe(topic, last);
    expect(ack.status === "SUBSCRIBED" && ack.missed.map((m) => m.seq)).toEqual(range(start + 3, start + 5));
    await settle();
    expect(second.seqs(topic)).toEqual(range(start + 3, start + 5));
    expect(second.received).toEqual([]);
    second.close();
  });

  test("a gap older than retention is answered REFETCH with the current sequence", async () => {
    const topic = scene.topics.session;
    const client = await guest();
    await client.subscribe(topic);
    await publish(topic, 2);
    await eventually("two messages", () => client.seqs(topic).length === 2);
    const last = client.last(topic);
    await publish(topic, 2);
    // Gone once the batch is out (one still waiting would reach the next subscriber live).
    await eventually("the next two", () => client.seqs(topic).length === 4);
    client.close();
    // Retention with a zero window: everything committed so far is gone.
    await use().query("DELETE FROM realtime_messages WHERE topic = $1", [topic]);

    const again = await guest();
    expect(await again.subscribe(topic, last)).toEqual({ status: "REFETCH", topic, seq: last + 2 });
    // The topic's sequence goes on from where it was.
    await publish(topic, 1);
    await eventually("the next message", () => again.seqs(topic).length === 1);
    expect(again.seqs(topic)).toEqual([last + 3]);
    again.close();
  });

  test("the retention job deletes old messages and keeps the sequence", async () => {
    const topic = `chat:${scene.backstageChat}`;
    await publish(topic, 2);
    await use().query(
      "UPDATE realtime_messages SET created_at = now() - interval '1 hour' WHERE topic = $1",
      [topic],
    );
    expect(await server().app.realtime.pruneMessages()).toBeGreaterThanOrEqual(2);
    const rows = await use().query("SELECT 1 FROM realtime_messages WHERE topic = $1", [topic]);
    expect(rows).toEqual([]);
    const [topicRow] = await use().query<{ last_seq: number }>(
      "SELECT last_seq FROM realtime_topics WHERE topic = $1",
      [topic],
    );
    expect(Number(topicRow?.last_seq)).toBe(2);
  });

  test("more missed than the replay limit, or a sequence from the future: REFETCH", async () => {
    const topic = scene.topics.presence;
    const client = await guest();
    const start = await client.subscribedAt(topic);
    await publish(topic, REPLAY_MAX + 1);
    expect(await client.subscribe(topic, start)).toEqual({
      status: "REFETCH",
      topic,
      seq: start + REPLAY_MAX + 1,
    });
    expect(await client.subscribe(topic, start + 1)).toMatchObject({
      status: "SUBSCRIBED",
      seq: start + REPLAY_MAX + 1,
    });
    expect(await client.subscribe(topic, start + 1000)).toEqual({
      status: "REFETCH",
      topic,
      seq: start + REPLAY_MAX + 1,
    });
    client.close();
  });

  test("unsubscribing stops the messages", async () => {
    const topic = scene.topics.publicChat;
    const client = await guest();
    await client.subscribe(topic);
    client.socket.emit("unsubscribe", { topic });
    const other = await guest();
    await other.subscribe(topic);
    await publish(topic, 1);
    await eventually("the other client's copy", () => other.received.length === 1);
    await settle();
    expect(client.received).toEqual([]);
    client.close();
    other.close();
  });
  test("issue 29 §1: the health check's 'check' lists the topics this connection holds", async () => {
    const { publicChat, event } = scene.topics;
    const client = await guest();
    await client.subscribe(publicChat);
    await client.subscribe(event);
    expect(await client.socket.emitWithAck("check", {})).toEqual({ topics: [publicChat, event] });
    client.socket.emit("unsubscribe", { topic: publicChat });
    await settle();
    expect(await client.socket.emitWithAck("check", {})).toEqual({ topics: [event] });
    client.close();
  });

  // Issue 14 item 7: what a topic publishes within a tick reaches its subscribers as one `messages` frame.
  test("a burst on a topic arrives in fewer frames than messages, in order, each once", async () => {
    const { publicChat, event } = scene.topics;
    const client = await guest();
    const chatStart = await client.subscribedAt(publicChat);
    const eventStart = await client.subscribedAt(event);
    await Promise.all([publish(publicChat, 12), publish(event, 3)]);
    await eventually("the burst", () => client.received.length === 15);
    await settle();

    expect(client.frames.length).toBeLessThan(15);
    // A frame is one topic's batch, in sequence order; nothing came twice.
    for (const frame of client.frames) expect(new Set(frame.map((m) => m.topic)).size).toBe(1);
    const chatOnWire = client.received.filter((m) => m.topic === publicChat).map((m) => m.seq);
    expect(chatOnWire).toEqual(range(chatStart + 1, chatStart + 12));
    expect(client.seqs(event)).toEqual(range(eventStart + 1, eventStart + 3));
    client.close();
  });

  test("a client resuming from the middle of a batch gets exactly the messages after it", async () => {
    const topic = scene.topics.session;
    const first = await guest();
    const start = await first.subscribedAt(topic);
    await publish(topic, 4);
    await eventually("the batch", () => first.seqs(topic).length === 4);

    // Its tab had applied two of the four when it went away.
    const second = await guest();
    await second.subscribedAt(topic, start + 2);
    expect(second.seqs(topic)).toEqual(range(start + 3, start + 4));
    await publish(topic, 3);
    await eventually("the next batch", () => second.seqs(topic).length === 5);
    await settle();
    expect(second.seqs(topic)).toEqual(range(start + 3, start + 7));
    expect(second.received.map((m) => m.seq)).toEqual(range(start + 5, start + 7));
    first.close();
    second.close();
  });

  test("a message published alone arrives in a frame of its own within about a tick", async () => {
    const topic = scene.topics.publicChat;
    const client = await guest();
    await client.subscribedAt(topic);
    const [sent] = await publish(topic, 1);
    // The tick plus scheduling on a loaded machine; a slower arrival would mean it waited for company.
    await eventually("the lone message", () => client.received.length === 1, REALTIME_BATCH_TICK_MS + 500);
    expect(client.frames).toEqual([[sent]]);
    client.close();
  });
});
