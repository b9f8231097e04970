import { REALTIME_AUTH_POLL_MS, REALTIME_AUTH_WAIT_MAX_MS } from "@onstage/domain";
import { afterEach, beforeEach, expect, test, vi } from "vitest";
import { waitForAuth } from "./waitForAuth";

// Spec 2 §9: auth wait up to 10 s, polling every 100 ms.

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

test("starts at once when the sign-in is known, at the next poll once it is, and after 10 s at most", () => {
  const started: string[] = [];
  waitForAuth(
    () => true,
    () => started.push("known"),
  );
  expect(started).toEqual(["known"]);

  let known = false;
  waitForAuth(
    () => known,
    () => started.push("later"),
  );
  vi.advanceTimersByTime(REALTIME_AUTH_POLL_MS * 3);
  expect(started).toEqual(["known"]);
  known = true;
  vi.advanceTimersByTime(REALTIME_AUTH_POLL_MS);
  expect(started).toEqual(["known", "later"]);

  waitForAuth(
    () => false,
    () => started.push("timed out"),
  );
  vi.advanceTimersByTime(REALTIME_AUTH_WAIT_MAX_MS - REALTIME_AUTH_POLL_MS);
  expect(started).toHaveLength(2);
  vi.advanceTimersByTime(REALTIME_AUTH_POLL_MS);
  expect(started).toEqual(["known", "later", "timed out"]);
});
