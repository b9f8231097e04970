import {
  REALTIME_GAP_WAIT_MS,
  type SubscribeAck,
  type SubscribeRequest,
  type TopicMessage,
} from "@onstage/domain";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { CONNECTION_TROUBLE_TEXT } from "./hardReload";
import { type ChannelHost, NO_TOKEN_TEXT, TopicChannel } from "./TopicChannel";

const TOPIC = "chat:1";
const message = (seq: number): TopicMessage => ({
  topic: TOPIC,
  seq,
  kind: "change",
  event: "INSERT",
  table: "chat_messages",
  payload: { seq },
  at: "2026-01-01T00:00:00.000Z",
});
const subscribed = (seq: number, missed: number[] = []): SubscribeAck => ({
  status: "SUBSCRIBED",
  topic: TOPIC,
  seq,
  missed: missed.map(message),
});
const refused = (code: string): SubscribeAck => ({
  status: "CHANNEL_ERROR",
  topic: TOPIC,
  error: { code, message: code },
});

/** A connection whose acknowledgements the test hands out one by one. */
function fakeHost(options: { hasSession?: boolean } = {}) {
  const requests: SubscribeRequest[] = [];
  const answers: ((ack: SubscribeAck | null) => void)[] = [];
  const host: ChannelHost & { reloads: number[] } = {
    reloads: [],
    isConnected: () => true,
    subscribe: (request) => {
      requests.push(request);
      return new Promise((resolve) => answers.push(resolve));
    },
    unsubscribe: () => {},
    refreshAuth: async () => options.hasSession ?? true,
    reloadAfter: (failures) => {
      host.reloads.push(failures);
      return false;
    },
    changed: () => {},
  };
  const answer = async (ack: SubscribeAck | null) => {
    answers.shift()?.(ack);
    await vi.advanceTimersByTimeAsync(0);
  };
  return { host, requests, answer };
}

function follow(channel: TopicChannel, refetch?: () => Promise<unknown>) {
  const seen: number[] = [];
  channel.listeners.add({ onMessage: (m) => seen.push(m.seq), refetch });
  return seen;
}

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

describe("TopicChannel", () => {
  it("resumes from its starting sequence and applies the missed messages once, in order", async () => {
    const { host, requests, answer } = fakeHost();
    const channel = new TopicChannel(TOPIC, 4, host);
    const seen = follow(channel);
    channel.join();
    expect(requests).toEqual([{ topic: TOPIC, since: 4 }]);
    channel.receive([message(7)]); // live, ahead of the replay: held
    await answer(subscribed(6, [5, 6]));
    channel.receive([message(6)]); // a second copy
    expect(seen).toEqual([5, 6, 7]);
    expect(channel.state.status).toBe("SUBSCRIBED");
  });

  it("applies a batch's messages once each, in order, across early arrivals, replays and gaps", async () => {
    const { host, answer } = fakeHost();
    const channel = new TopicChannel(TOPIC, 4, host);
    const seen = follow(channel);
    channel.join();
    channel.receive([message(6), message(7)]); // before the acknowledgement: held
    await answer(subscribed(5, [5]));
    channel.receive([message(7), message(8)]); // a resume's replay overlapping a live batch
    channel.receive([message(10), message(11)]); // behind a gap: held
    expect(seen).toEqual([5, 6, 7, 8]);
    channel.receive([message(9)]);
    expect(seen).toEqual([5, 6, 7, 8, 9, 10, 11]);
  });

  it("REFETCH reloads the data, then applies what came after the topic's sequence", async () => {
    const { host, answer } = fakeHost();
    const channel = new TopicChannel(TOPIC, 2, host);
    let release = () => {};
    const refetch = vi.fn(() => new Promise<void>((resolve) => (release = resolve)));
    const seen = follow(channel, refetch);
    channel.join();
    await answer({ status: "REFETCH", topic: TOPIC, seq: 40 });
    channel.receive([message(41)]);
    expect(seen).toEqual([]); // never on top of data that is about to be replaced
    release();
    await vi.advanceTimersByTimeAsync(0);
    expect(refetch).toHaveBeenCalledTimes(1);
    expect(seen).toEqual([41]);
  });

  it("without a known sequence, reads again first and applies later messages after the read", async () => {
    const { host, requests, answer } = fakeHost();
    const channel = new TopicChannel(TOPIC, null, host);
    let release = () => {};
    const refetch = vi.fn(() => new Promise<void>((resolve) => (release = resolve)));
    const seen = follow(channel, refetch);
    channel.join();
    expect(requests).toEqual([{ topic: TOPIC }]);
    await answer(subscribed(3));
    channel.receive([message(3)]);
    channel.receive([message(4)]);
    expect(seen).toEqual([]);
    release();
    await vi.advanceTimersByTimeAsync(0);
    expect(seen).toEqual([4]);
  });

  it("a gap that persists resumes from the last applied sequence", async () => {
    const { host, requests, answer } = fakeHost();
    const channel = new TopicChannel(TOPIC, 1, host);
    const seen = follow(channel);
    channel.join();
    await answer(subscribed(1));
    channel.receive([message(3)]);
    await vi.advanceTimersByTimeAsync(REALTIME_GAP_WAIT_MS);
    expect(requests.at(-1)).toEqual({ topic: TOPIC, since: 1 });
    expect(channel.state.status).toBe("SUBSCRIBED");
    await answer(subscribed(3, [2, 3]));
    expect(seen).toEqual([2, 3]);
  });

  it("restarts after 2, 4, 6, 8, 10 s, asks for a reload from the fifth failure, then gives up", async () => {
    const { host, requests, answer } = fakeHost();
    const channel = new TopicChannel(TOPIC, 0, host);
    channel.join();
    for (const delay of [2_000, 4_000, 6_000, 8_000, 10_000]) {
      await answer(null);
      expect(channel.state.status).toBe("TIMED_OUT");
      const before = requests.length;
      await vi.advanceTimersByTimeAsync(delay - 1);
      expect(requests.length).toBe(before);
      await vi.advanceTimersByTimeAsync(1);
      expect(requests.length).toBe(before + 1);
    }
    await answer(refused("internal"));
    expect(host.reloads).toEqual([1, 2, 3, 4, 5, 6]);
    expect(channel.state).toMatchObject({ status: "CHANNEL_ERROR", error: CONNECTION_TROUBLE_TEXT });
  });

  it("an auth refusal refreshes the sign-in and subscribes again, once", async () => {
    const { host, requests, answer } = fakeHost();
    const channel = new TopicChannel(TOPIC, 0, host);
    channel.join();
    await answer(refused("forbidden"));
    expect(requests.length).toBe(2);
    await answer(refused("forbidden"));
    expect(requests.length).toBe(2);
    expect(channel.state).toMatchObject({ status: "CHANNEL_ERROR", error: "forbidden" });
  });

  it("no session for a topic that needs one is an error with the spec's words", async () => {
    const { host, answer } = fakeHost({ hasSession: false });
    const channel = new TopicChannel(TOPIC, 0, host);
    channel.join();
    await answer(refused("no_token"));
    expect(channel.state).toMatchObject({ status: "CHANNEL_ERROR", error: NO_TOKEN_TEXT });
  });

  it("a ban ends the topic for good", async () => {
    const { host, requests, answer } = fakeHost();
    const channel = new TopicChannel(TOPIC, 0, host);
    const seen = follow(channel);
    channel.join();
    await answer(subscribed(0));
    channel.closedByServer("banned");
    channel.receive([message(1)]);
    channel.join();
    expect(seen).toEqual([]);
    expect(requests.length).toBe(1);
    expect(channel.state).toMatchObject({ status: "CLOSED", closedReason: "banned" });
  });

  it("a dropped connection counts as a failure and the rejoin resumes from the last sequence", async () => {
    const { host, requests, answer } = fakeHost();
    const channel = new TopicChannel(TOPIC, 0, host);
    const seen = follow(channel);
    channel.join();
    await answer(subscribed(0));
    channel.receive([message(1)]);
    channel.connectionLost(true);
    expect(channel.state).toMatchObject({ status: "CLOSED", failures: 1 });
    channel.join();
    expect(requests.at(-1)).toEqual({ topic: TOPIC, since: 1 });
    await answer(subscribed(2, [2]));
    expect(seen).toEqual([1, 2]);
    expect(channel.state).toMatchObject({ status: "SUBSCRIBED", failures: 0 });
  });
});
