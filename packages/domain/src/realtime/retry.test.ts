import { describe, expect, it } from "vitest";
import { isRealtimeAuthError, presenceRetryDelay, shouldHardReload, subscriptionRestartDelay } from "./retry";

const HOUR = 3_600_000;

describe("subscriptionRestartDelay (spec 1 §4)", () => {
  it.each([
    [0, null],
    [1, 2000],
    [2, 4000],
    [5, 10000],
    [6, null],
  ])("attempt %i waits %s", (attempt, delay) => {
    expect(subscriptionRestartDelay(attempt)).toBe(delay);
  });
});

describe("presenceRetryDelay (spec 2 §8)", () => {
  it.each([
    { attempt: 1, rateLimited: false, delay: 2000 },
    { attempt: 2, rateLimited: false, delay: 5000 },
    { attempt: 3, rateLimited: false, delay: 10000 },
    { attempt: 4, rateLimited: false, delay: 15000 },
    { attempt: 5, rateLimited: false, delay: 20000 },
    { attempt: 6, rateLimited: false, delay: null },
    { attempt: 9, rateLimited: true, delay: 3000 },
  ])("attempt $attempt rate-limited=$rateLimited -> $delay", ({ attempt, rateLimited, delay }) => {
    expect(presenceRetryDelay(attempt, rateLimited)).toBe(delay);
  });
});

describe("shouldHardReload (spec 2 §4, §8)", () => {
  it.each([
    { failures: 4, last: null, now: 0, reload: false },
    { failures: 5, last: null, now: 0, reload: true },
    { failures: 5, last: 0, now: HOUR - 1, reload: false },
    { failures: 7, last: 0, now: HOUR, reload: true },
  ])("$failures failures, last reload $last, now $now -> $reload", ({ failures, last, now, reload }) => {
    expect(shouldHardReload(failures, last, now)).toBe(reload);
  });
});

describe("isRealtimeAuthError (spec 2 §8)", () => {
  it.each([
    ["no_token", true],
    ["forbidden", true],
    ["unauthorized", true],
    ["banned", false],
    ["rate_limit_exceeded", false],
  ])("%s -> %s", (code, expected) => {
    expect(isRealtimeAuthError(code)).toBe(expected);
  });
});
