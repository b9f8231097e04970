import { type AudienceAction, audienceRateRefusal, audienceWindowStart, RateLimited } from "@onstage/domain";
import type { Queryable } from "../../platform/database";
import { countHit } from "./queries";

// Issue 23 §2.2: the one limit on audience writes (domain AUDIENCE_RATE_LIMITS), per user per session.
// The counters live in the database, so every node counts the same window (docs/decisions.md "Issue 23").

export interface AudienceWrite {
  action: AudienceAction;
  userId: number;
  sessionId: number;
}

/**
 * Counts the write and refuses it with 429 past its action's limit. Inside the write's transaction a
 * refusal rolls its own hit back, so a flood held at the limit stays there, and no further.
 */
export async function limitAudienceWrite(db: Queryable, now: number, write: AudienceWrite): Promise<void> {
  const hits = await countHit(db, write, audienceWindowStart(write.action, now));
  const refusal = audienceRateRefusal(write.action, hits);
  if (refusal) throw RateLimited(refusal);
}
