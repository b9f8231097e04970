import { beforeAll, expect, test } from "vitest";
import { describeOnEachDatabase } from "../../testing/databases";
import { eventually, RealtimeClient, settle, useListeningApp } from "../../testing/realtime";
import { type SessionScene, sessionScene } from "../../testing/room-scene";
import { publishChanges, range } from "../../testing/sample-messages";

const REPLAY_MAX = 10;

/** Subscribes from now; the topic's sequence at that moment. */
async function subscribedAt(client: RealtimeClient, topic: string): Promise<number> {
  const ack = await client.subscribe(topic);
  if (ack.status === "CHANNEL_ERROR") throw new Error(`subscription refused: ${ack.error.code}`);
  return ack.seq;
}

describeOnEachDatabase("realtime: sequences, resume and refetch", (use) => {
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
    const start = await subscribedAt(client, topic);
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
    const start = await subscribedAt(first, topic);
    await publish(topic, 2);
    await eventually("two messages", () => first.seqs(topic).length === 2);
    const last = first.last(topic);
    first.close();
    await publish(topic, 3);

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
    client.close();
    await publish(topic, 2);
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
    const start = await subscribedAt(client, topic);
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
});
