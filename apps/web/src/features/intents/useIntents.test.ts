import type { IntentsResponse, SessionIntent, TypedTopicMessage } from "@onstage/domain";
import { describe, expect, it } from "vitest";
import { applyIntent, ownIntent } from "./useIntents";

const intent = (userId: number, intentType: SessionIntent["intentType"]): SessionIntent => ({
  sessionId: 1,
  userId,
  intentType,
  tileState: "main",
  createdByUserId: null,
  updatedAt: "2026-01-01T00:00:00.000Z",
  firstName: "A",
  lastName: "B",
  profilePhoto: null,
});
const list = (intents: SessionIntent[]): IntentsResponse => ({ intents, seq: 3 });
const at = { topic: "session:1", seq: 4, at: "2026-01-01T00:00:00.000Z" };
const changed = (event: "INSERT" | "UPDATE", payload: SessionIntent) =>
  ({ kind: "change", table: "video_session_intents", event, payload, ...at }) as TypedTopicMessage<"session">;

describe("applyIntent", () => {
  it("adds, moves and removes one user's intent", () => {
    const raised = applyIntent(list([intent(1, "invite_sent")]), changed("INSERT", intent(2, "hand_raised")));
    expect(raised.intents.map((i) => [i.userId, i.intentType])).toEqual([
      [1, "invite_sent"],
      [2, "hand_raised"],
    ]);
    const moved = applyIntent(raised, changed("UPDATE", intent(2, "invite_sent")));
    expect(ownIntent(moved, 2)?.intentType).toBe("invite_sent");
    expect(moved.intents).toHaveLength(2);
    const removed = applyIntent(moved, {
      kind: "change",
      table: "video_session_intents",
      event: "DELETE",
      payload: { sessionId: 1, userId: 1 },
      ...at,
    } as TypedTopicMessage<"session">);
    expect(removed.intents.map((i) => i.userId)).toEqual([2]);
    expect(ownIntent(removed, 1)).toBeNull();
  });

  it("leaves the list alone for the session's other messages", () => {
    const before = list([intent(1, "hand_raised")]);
    const other = {
      kind: "change",
      table: "video_sessions",
      event: "UPDATE",
      ...at,
    } as TypedTopicMessage<"session">;
    expect(applyIntent(before, other)).toBe(before);
  });
});
