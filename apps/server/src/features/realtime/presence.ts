import { type PresenceAck, PresenceRequest } from "@onstage/domain";
import type { Database } from "../../platform/database";
import { realtimeError } from "./errors";
import type { PresenceBudget } from "./limits";
import type { RealtimeSocket } from "./socket";

/** What a presence heartbeat does (features/presence); the user is the connection's, never the message's. */
export type PresenceHandler = (
  userId: number,
  sessionId: number,
  browserId: string | null,
  idle: boolean,
) => Promise<void>;

export const failed = (code: string, retryAfterMs?: number): PresenceAck => ({
  status: "error",
  error: realtimeError(code, retryAfterMs),
});

/**
 * "presence" {sessionId}: the sender is live in this session (spec 2 §4, §9). Visitors have no
 * presence; the handler authorises the sender on the session (guests count as live even when the
 * audience list is hidden from them).
 */
export async function presence(
  deps: { db: Database; handler: () => PresenceHandler | null; retryAfterMs: number },
  socket: RealtimeSocket,
  budget: PresenceBudget,
  payload: unknown,
): Promise<PresenceAck> {
  const { userId } = socket.data;
  if (userId === null) return failed("no_token");
  // The server's recorder is nobody in the audience: never counted live, never an active browser.
  if (socket.data.recorder) return failed("forbidden");
  const request = PresenceRequest.safeParse(payload);
  if (!request.success) return failed("invalid_request");
  // Spec 2 §8: 'Too many presence messages per second' retries after 3 s.
  if (!budget.allow()) return failed("rate_limit_exceeded", deps.retryAfterMs);
  const { sessionId, browserId, idle } = request.data;
  await deps.handler()?.(userId, sessionId, browserId ?? null, idle ?? false);
  return { status: "ok" };
}
