import { describe, expect, test } from "vitest";
import { AUDIENCE_RATE_LIMITS } from "../constants";
import { audienceRateRefusal, audienceWindowStart, connectionRefusal, takeToken } from "./rules";

describe("audience rate limits", () => {
  test.each([
    { case: "a chat message at the window's start", action: "chat_message", now: 20_000, want: 20_000 },
    { case: "a chat message inside the window", action: "chat_message", now: 29_999, want: 20_000 },
    { case: "a question a minute on", action: "question", now: 125_000, want: 120_000 },
  ] as const)("$case → window from $want", ({ action, now, want }) => {
    expect(audienceWindowStart(action, now)).toBe(want);
  });

  const max = (action: keyof typeof AUDIENCE_RATE_LIMITS) => AUDIENCE_RATE_LIMITS[action].max;
  test.each([
    { case: "the first question", action: "question", hits: 1, want: null },
    { case: "the last question allowed", action: "question", hits: max("question"), want: null },
    { case: "one question too many", action: "question", hits: max("question") + 1, want: "too_fast" },
    { case: "a poll vote switched once too often", action: "poll_answer", hits: 11, want: "too_fast" },
    { case: "a hand raised once too often", action: "stage_intent", hits: 11, want: "too_fast" },
    { case: "the last chat message allowed", action: "chat_message", hits: 20, want: null },
    { case: "a chat message too many", action: "chat_message", hits: 21, want: "chat_rate_limited" },
  ] as const)("$case → $want", ({ action, hits, want }) => {
    expect(audienceRateRefusal(action, hits)).toBe(want);
  });
});

describe("subscribe token buckets", () => {
  const rule = { burst: 3, perSecond: 2 };
  test.each([
    { case: "a first subscribe takes from a full bucket", bucket: undefined, now: 0, tokens: 2, retry: null },
    { case: "the last token", bucket: { tokens: 1, at: 0 }, now: 0, tokens: 0, retry: null },
    {
      case: "an empty bucket waits half a second",
      bucket: { tokens: 0, at: 0 },
      now: 0,
      tokens: 0,
      retry: 500,
    },
    { case: "half refilled waits the rest", bucket: { tokens: 0, at: 0 }, now: 250, tokens: 0.5, retry: 250 },
    { case: "refilled after a pause", bucket: { tokens: 0, at: 0 }, now: 500, tokens: 0, retry: null },
    { case: "never past the burst", bucket: { tokens: 0, at: 0 }, now: 60_000, tokens: 2, retry: null },
  ])("$case", ({ bucket, now, tokens, retry }) => {
    const taken = takeToken(bucket, rule, now);
    expect(taken.retryAfterMs).toBe(retry);
    expect(taken.bucket).toEqual({ tokens, at: now });
  });
});

describe("realtime connection caps", () => {
  const limits = { perAddress: 3, perUser: 2 };
  test.each([
    { case: "a visitor under the address cap", byAddress: 2, byUser: null, want: null },
    { case: "a visitor at the address cap", byAddress: 3, byUser: null, want: "too_many_connections" },
    { case: "a user under the user cap", byAddress: null, byUser: 1, want: null },
    { case: "a user at the user cap", byAddress: null, byUser: 2, want: "too_many_connections" },
  ])("$case → $want", ({ byAddress, byUser, want }) => {
    expect(connectionRefusal({ byAddress, byUser }, limits)).toBe(want);
  });
});
