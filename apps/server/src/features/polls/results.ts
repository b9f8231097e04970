import type { FastifyBaseLogger } from "fastify";
import type { Database } from "../../platform/database";
import { withOutbox } from "../../platform/realtime/outbox";
import type { Publisher } from "../../platform/realtime/port";
import { publishResults } from "./publish";
import { countAnswers, findPoll } from "./queries";

/**
 * docs/decisions.md "Poll results": votes are not published one by one (500 voters would send
 * 500 × 500 messages); a vote marks its poll and, at most every RESULTS_WINDOW_MS, one message with
 * every option's count goes out through the outbox. Counts are read under the poll row's lock after
 * the topic's previous results committed, so a later sequence never carries older counts.
 */
export const RESULTS_WINDOW_MS = 100;

export class ResultsPublisher {
  private readonly due = new Map<number, NodeJS.Timeout>();
  private readonly running = new Set<Promise<void>>();

  constructor(
    private readonly db: Database,
    private readonly publisher: Publisher,
    private readonly log: FastifyBaseLogger,
  ) {}

  /** After a committed vote: the poll's results go out within the window. */
  schedule(pollId: number): void {
    if (this.due.has(pollId)) return;
    const timer = setTimeout(() => {
      // Unmarked before the counts are read: a vote committing from now on schedules the next message.
      this.due.delete(pollId);
      const run = this.publish(pollId).catch((err) => this.log.error({ err, pollId }, "poll results"));
      this.running.add(run);
      void run.finally(() => this.running.delete(run));
    }, RESULTS_WINDOW_MS);
    this.due.set(pollId, timer);
  }

  async publish(pollId: number): Promise<void> {
    await withOutbox(this.db, this.publisher, async (tx, outbox) => {
      const poll = await findPoll(tx, pollId, true);
      if (poll) await publishResults(outbox, poll, await countAnswers(tx, pollId));
    });
  }

  /** Sends what is due at once and waits for it, so nothing is lost when the server stops. */
  async stop(): Promise<void> {
    const due = [...this.due.keys()];
    for (const timer of this.due.values()) clearTimeout(timer);
    this.due.clear();
    await Promise.allSettled([...this.running, ...due.map((pollId) => this.publish(pollId))]);
  }
}
