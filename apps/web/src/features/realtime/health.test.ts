import { describe, expect, it } from "vitest";
import { ACCESS_ENDED_TEXT, realtimeHealth } from "./health";
import type { RealtimeSnapshot } from "./RealtimeClient";
import type { TopicState } from "./TopicChannel";

const topic = (change: Partial<TopicState>): TopicState => ({
  status: "SUBSCRIBED",
  error: null,
  closedReason: null,
  failures: 0,
  wasSubscribed: true,
  ...change,
});
const snapshot = (change: Partial<RealtimeSnapshot>, topics: TopicState[] = []): RealtimeSnapshot => ({
  connection: "connected",
  connectionError: null,
  presence: "ok",
  topics: new Map(topics.map((t, i) => [`chat:${i + 1}`, t])),
  ...change,
});

describe("realtimeHealth: shown only when degraded", () => {
  it.each([
    { case: "all subscribed", s: snapshot({}, [topic({})]), kind: "healthy" },
    {
      case: "first connection",
      s: snapshot({ connection: "connecting" }, [topic({ status: "joining", wasSubscribed: false })]),
      kind: "healthy",
    },
    { case: "connection lost", s: snapshot({ connection: "reconnecting" }), kind: "reconnecting" },
    {
      case: "a failed connection tried again by the health check",
      s: snapshot({
        connection: "connecting",
        connectionError: "Chat connection issues detected. Please refresh the page.",
      }),
      kind: "error",
    },
    {
      case: "topic restarting",
      s: snapshot({}, [topic({ status: "TIMED_OUT", failures: 1 })]),
      kind: "reconnecting",
    },
    {
      case: "topic gave up",
      s: snapshot({}, [topic({ status: "CHANNEL_ERROR", error: "x" })]),
      kind: "error",
    },
    { case: "connection gave up", s: snapshot({ connection: "failed" }), kind: "error" },
    { case: "presence gave up", s: snapshot({ presence: "error" }), kind: "error" },
  ])("$case -> $kind", ({ s, kind }) => {
    expect(realtimeHealth(s).kind).toBe(kind);
  });

  it("a ban says access ended", () => {
    expect(realtimeHealth(snapshot({}, [topic({ status: "CLOSED", closedReason: "banned" })]))).toEqual({
      kind: "error",
      message: ACCESS_ENDED_TEXT,
    });
  });
});
