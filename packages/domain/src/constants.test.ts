import { describe, expect, test } from "vitest";
import {
  PRESENCE_MAX_RETRIES,
  PRESENCE_RETRY_DELAYS_MS,
  REALTIME_CLIENT_INIT_MAX_ATTEMPTS,
  REALTIME_CLIENT_INIT_RETRY_DELAYS_MS,
  SUBSCRIPTION_MAX_RESTARTS,
  SUBSCRIPTION_RESTART_DELAYS_MS,
} from "./constants";
import { IDLE_TIMEOUT_MS } from "./room-constants";

describe("retry schedules agree with their counts", () => {
  test.each([
    { case: "presence retries (spec 2 §8)", delays: PRESENCE_RETRY_DELAYS_MS, max: PRESENCE_MAX_RETRIES },
    {
      case: "realtime client init (spec 2 §9)",
      delays: REALTIME_CLIENT_INIT_RETRY_DELAYS_MS,
      max: REALTIME_CLIENT_INIT_MAX_ATTEMPTS,
    },
    {
      case: "subscription restarts (spec 1 §4)",
      delays: SUBSCRIPTION_RESTART_DELAYS_MS,
      max: SUBSCRIPTION_MAX_RESTARTS,
    },
  ])("$case", ({ delays, max }) => {
    expect(delays).toHaveLength(max);
  });

  test("subscription restarts wait 2 s times the attempt (spec 1 §4)", () => {
    const expected = SUBSCRIPTION_RESTART_DELAYS_MS.map((_, i) => 2_000 * (i + 1));
    expect(SUBSCRIPTION_RESTART_DELAYS_MS).toEqual(expected);
  });

  test("idle timeout is 1,200,000 ms (spec 1 §9)", () => {
    expect(IDLE_TIMEOUT_MS).toBe(1_200_000);
  });
});
