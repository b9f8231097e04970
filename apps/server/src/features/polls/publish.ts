import type { Poll, PollAnswered } from "@onstage/domain";
import type { Outbox } from "../../platform/realtime/outbox";

// Spec 2 §6: the audience's topic carries shown polls only, with counts only when they show answers;
// the managers' topic carries every poll with its counts.

const audience = (sessionId: number) => ({ kind: "polls", id: sessionId }) as const;
const team = (sessionId: number) => ({ kind: "polls-team", id: sessionId }) as const;

/** The poll as a viewer may see it: counts only for managers or when the poll shows answers. */
export function asSeenBy(poll: Poll, mayManage: boolean): Poll {
  if (mayManage || poll.showAnswers) return poll;
  return { ...poll, options: poll.options.map((option) => ({ ...option, answers: null })) };
}

/** A created or edited poll; `wasShown`: the audience had it before (a poll just hidden leaves them). */
export async function publishSaved(outbox: Outbox, poll: Poll, wasShown: boolean): Promise<void> {
  await outbox.write(team(poll.sessionId), { kind: "broadcast", event: "poll.saved", payload: poll });
  if (!poll.hidden) {
    await outbox.write(audience(poll.sessionId), {
      kind: "broadcast",
      event: "poll.saved",
      payload: asSeenBy(poll, false),
    });
  } else if (wasShown) {
    await publishRemovedToAudience(outbox, poll.sessionId, poll.id);
  }
}

async function publishRemovedToAudience(outbox: Outbox, sessionId: number, pollId: number) {
  await outbox.write(audience(sessionId), { kind: "broadcast", event: "poll.removed", payload: { pollId } });
}

export async function publishDeleted(
  outbox: Outbox,
  poll: { id: number; sessionId: number; hidden: boolean },
): Promise<void> {
  const payload = { pollId: poll.id };
  await outbox.write(team(poll.sessionId), { kind: "broadcast", event: "poll.removed", payload });
  if (!poll.hidden) await publishRemovedToAudience(outbox, poll.sessionId, poll.id);
}

/** `shown`: the ids of the polls that are not hidden, in the new order. */
export async function publishOrder(
  outbox: Outbox,
  sessionId: number,
  order: number[],
  shown: number[],
): Promise<void> {
  await outbox.write(team(sessionId), { kind: "broadcast", event: "polls.reordered", payload: { order } });
  await outbox.write(audience(sessionId), {
    kind: "broadcast",
    event: "polls.reordered",
    payload: { order: shown },
  });
}

export async function publishResults(
  outbox: Outbox,
  poll: { id: number; sessionId: number; hidden: boolean; showAnswers: boolean },
  counts: { optionId: number; answers: number }[],
): Promise<void> {
  const body = { kind: "broadcast", event: "poll.results", payload: { pollId: poll.id, counts } } as const;
  await outbox.write(team(poll.sessionId), body);
  if (!poll.hidden && poll.showAnswers) await outbox.write(audience(poll.sessionId), body);
}

/** The voter's own answer, on their own topic only: their other tabs show it; nobody else learns it. */
export async function publishOwnAnswer(outbox: Outbox, userId: number, answer: PollAnswered): Promise<void> {
  await outbox.write(
    { kind: "user", id: userId },
    { kind: "broadcast", event: "poll.answered", payload: answer },
  );
}
