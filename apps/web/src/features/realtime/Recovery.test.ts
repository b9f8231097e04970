import {
  BACKGROUND_RECOVERY_CHECK_DELAY_MS,
  BACKGROUND_RECOVERY_HIDDEN_MS,
  FALLBACK_HEALTH_CHECK_INTERVAL_MS,
  HEALTH_CHECK_SUPPRESS_AFTER_TOKEN_REFRESH_MS,
  REALTIME_HEALTH_CHECK_INTERVAL_MS,
  REALTIME_INACTIVITY_LIMIT_MS,
  VISIBILITY_CHANGE_THROTTLE_MS,
  VISIBILITY_CHANNEL_CHECK_WAIT_MS,
} from "@onstage/domain";
import { afterEach, beforeEach, expect, test, vi } from "vitest";
import { Recovery } from "./Recovery";

// Issue 29 §1: spec 2 §9's health checks, inactivity limit, visibility checks and background recovery.

function setup(options: { activeAgo?: number; refreshedAgo?: number | null } = {}) {
  const calls: string[] = [];
  let hidden = false;
  let visibilityListener = () => {};
  let activity = Date.now() - (options.activeAgo ?? 0);
  const refreshedAgo = options.refreshedAgo ?? null;
  const refreshedAt = refreshedAgo === null ? null : Date.now() - refreshedAgo;
  const recovery = new Recovery(
    {
      lastActivityAt: () => activity,
      lastTokenRefreshAt: () => refreshedAt,
      checkChannels: async () => void calls.push("check"),
      resumeAll: () => void calls.push("resume"),
      refresh: (reason) => void calls.push(`refresh:${reason}`),
    },
    {
      now: () => Date.now(),
      isHidden: () => hidden,
      onVisibilityChange: (listener) => {
        visibilityListener = listener;
        return () => {};
      },
    },
  );
  recovery.start();
  const setHidden = (value: boolean) => {
    hidden = value;
    visibilityListener();
  };
  return { recovery, calls, setHidden, touch: () => (activity = Date.now()) };
}

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

test("every 5 minutes the channels are checked", async () => {
  const { calls, touch } = setup();
  touch();
  await vi.advanceTimersByTimeAsync(REALTIME_HEALTH_CHECK_INTERVAL_MS);
  expect(calls).toEqual(["check"]);
});

test("a connection silent for 30 minutes is refreshed at the next check", async () => {
  const { recovery, calls } = setup({ activeAgo: REALTIME_INACTIVITY_LIMIT_MS });
  await recovery.healthCheck();
  expect(calls).toEqual(["refresh:inactive"]);
});

test("no health check within 15 s of a sign-in refresh", async () => {
  const { recovery, calls } = setup({ refreshedAgo: HEALTH_CHECK_SUPPRESS_AFTER_TOKEN_REFRESH_MS - 1_000 });
  await recovery.healthCheck();
  expect(calls).toEqual([]);
});

test("the fallback check (every 10 minutes) adds none while the regular one runs", async () => {
  const { calls, touch } = setup();
  touch();
  await vi.advanceTimersByTimeAsync(FALLBACK_HEALTH_CHECK_INTERVAL_MS);
  expect(calls).toEqual(["check", "check"]);
});

test("back after 2 minutes hidden: 5 s later every topic resumes and the channels are checked", async () => {
  const { calls, setHidden, touch } = setup();
  setHidden(true);
  await vi.advanceTimersByTimeAsync(BACKGROUND_RECOVERY_HIDDEN_MS - 1);
  calls.length = 0;
  await vi.advanceTimersByTimeAsync(1);
  touch();
  setHidden(false);
  await vi.advanceTimersByTimeAsync(BACKGROUND_RECOVERY_CHECK_DELAY_MS - 1);
  expect(calls).toEqual([]);
  await vi.advanceTimersByTimeAsync(1);
  expect(calls).toEqual(["resume", "check"]);
});

test("a short absence checks the channels 3 s after the return, at most once a minute", async () => {
  const { calls, setHidden } = setup();
  setHidden(true);
  setHidden(false);
  await vi.advanceTimersByTimeAsync(VISIBILITY_CHANNEL_CHECK_WAIT_MS);
  expect(calls).toEqual(["check"]);
  setHidden(true);
  setHidden(false);
  await vi.advanceTimersByTimeAsync(VISIBILITY_CHANNEL_CHECK_WAIT_MS);
  expect(calls).toEqual(["check"]);
  await vi.advanceTimersByTimeAsync(VISIBILITY_CHANGE_THROTTLE_MS);
  calls.length = 0;
  setHidden(true);
  setHidden(false);
  await vi.advanceTimersByTimeAsync(VISIBILITY_CHANNEL_CHECK_WAIT_MS);
  expect(calls).toEqual(["check"]);
});
