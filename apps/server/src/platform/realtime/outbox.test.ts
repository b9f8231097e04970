import { expect, test } from "vitest";
import { describeOnEachDatabase } from "../../testing/databases";
import { withOutbox } from "./outbox";
import type { Publisher } from "./port";

const PEOPLE_CHANGED = { kind: "broadcast", event: "people.changed", payload: { userId: 7 } } as const;

describeOnEachDatabase("outbox: one message on several topics", (use) => {
  test("each topic takes its own next sequence, in the order given, once per topic", async () => {
    const published: string[][] = [];
    const publisher: Publisher = {
      publish: (messages) => void published.push(messages.map((m) => `${m.topic}#${m.seq}`)),
    };
    const base = 900_000 + Math.floor(Math.random() * 1_000);
    const [first, second] = [base, base + 1];
    await withOutbox(use(), publisher, (_, outbox) =>
      outbox.write({ kind: "event", id: first }, PEOPLE_CHANGED),
    );

    const written = await withOutbox(use(), publisher, (_, outbox) =>
      outbox.writeEach("event", [second, first, second], PEOPLE_CHANGED),
    );

    expect(written.map((m) => [m.topic, m.seq])).toEqual([
      [`event:${second}`, 1],
      [`event:${first}`, 2],
    ]);
    expect(written[0]).toMatchObject(PEOPLE_CHANGED);
    expect(published).toEqual([[`event:${first}#1`], [`event:${second}#1`, `event:${first}#2`]]);
    const stored = await use().query<{ topic: string; seq: number; event: string }>(
      "SELECT topic, seq::int AS seq, event FROM realtime_messages WHERE topic = ANY($1) ORDER BY topic, seq",
      [[`event:${first}`, `event:${second}`]],
    );
    expect(stored).toEqual([
      { topic: `event:${first}`, seq: 1, event: "people.changed" },
      { topic: `event:${first}`, seq: 2, event: "people.changed" },
      { topic: `event:${second}`, seq: 1, event: "people.changed" },
    ]);
  });

  test("no topics write nothing", async () => {
    const written = await withOutbox(use(), { publish: () => undefined }, (_, outbox) =>
      outbox.writeEach("event", [], PEOPLE_CHANGED),
    );
    expect(written).toEqual([]);
  });

  test("a body the topic kind does not allow is refused and nothing is written", async () => {
    const id = 910_000 + Math.floor(Math.random() * 1_000);
    const refused = withOutbox(use(), { publish: () => undefined }, (_, outbox) =>
      // @ts-expect-error: chat topics carry no people.changed
      outbox.writeEach("chat", [id], PEOPLE_CHANGED),
    );
    await expect(refused).rejects.toThrow();
    const stored = await use().query("SELECT 1 FROM realtime_messages WHERE topic = $1", [`chat:${id}`]);
    expect(stored).toEqual([]);
  });
});
