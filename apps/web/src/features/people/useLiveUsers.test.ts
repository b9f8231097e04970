import type { LiveUser, LiveUsersResponse } from "@onstage/domain";
import { describe, expect, it } from "vitest";
import { applyPresence } from "./useLiveUsers";

const user = (userId: number, state: LiveUser["state"], idle = false): LiveUser => ({
  userId,
  sessionId: 1,
  state,
  lastSeen: "2026-01-01T00:00:00.000Z",
  idle,
  firstName: "A",
  lastName: "B",
  profilePhoto: null,
});
const list = (users: LiveUser[], liveCount = users.length): LiveUsersResponse => ({
  users,
  liveCount,
  idleCount: users.filter((u) => u.idle).length,
  seq: 0,
});

describe("applyPresence", () => {
  it.each([
    {
      case: "arrives first",
      before: [user(1, "active")],
      change: user(2, "active"),
      order: [2, 1],
      count: 2,
    },
    {
      case: "comes back first",
      before: [user(1, "active"), user(2, "active")],
      change: user(2, "on_stage"),
      order: [2, 1],
      count: 2,
    },
    {
      case: "leaves",
      before: [user(1, "active"), user(2, "active")],
      change: user(1, "offline"),
      order: [2],
      count: 1,
    },
    { case: "unknown leaves", before: [user(1, "active")], change: user(3, "offline"), order: [1], count: 1 },
    // Issue 29 §2: idle and back.
    {
      case: "goes idle",
      before: [user(1, "active"), user(2, "active")],
      change: user(2, "active", true),
      order: [2, 1],
      count: 2,
      idle: 1,
    },
    {
      case: "comes back from idle",
      before: [user(1, "active", true), user(2, "active")],
      change: user(1, "active"),
      order: [1, 2],
      count: 2,
      idle: 0,
    },
    {
      case: "leaves while idle",
      before: [user(1, "active", true), user(2, "active")],
      change: user(1, "offline"),
      order: [2],
      count: 1,
      idle: 0,
    },
  ])("$case", ({ before, change, order, count, idle }) => {
    const after = applyPresence(list(before), change);
    expect(after.users.map((u) => u.userId)).toEqual(order);
    expect(after.liveCount).toBe(count);
    expect(after.idleCount).toBe(idle ?? 0);
  });
});
