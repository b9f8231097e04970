import { AUTH_ERROR_ANALYTICS_THROTTLE_MS } from "@onstage/domain";
import { expect, test } from "vitest";
import { authErrorAnalytics } from "./auth-error-analytics";

// Spec 2 §9: auth-error analytics at most once a minute per key.

test("once a minute per user (or address) and code", () => {
  const tracked: unknown[] = [];
  let now = 0;
  const listen = authErrorAnalytics({ track: async (...args) => void tracked.push(args) }, () => now);
  const refusal = { userId: null, address: "203.0.113.1", code: "no_token", topicKind: "chat" };
  listen(refusal);
  listen(refusal);
  listen({ ...refusal, code: "forbidden" });
  listen({ ...refusal, address: "203.0.113.2" });
  listen({ ...refusal, userId: 7 });
  expect(tracked).toHaveLength(4);
  expect(tracked[0]).toEqual([
    "realtime-auth-error",
    { userId: null, properties: { code: "no_token", topicKind: "chat" } },
  ]);
  now += AUTH_ERROR_ANALYTICS_THROTTLE_MS;
  listen(refusal);
  expect(tracked).toHaveLength(5);
});
