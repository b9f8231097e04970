import type { Database } from "../../platform/database";

// The event row lock (seats/queries.ts lockEvent) is what makes registration exactly-once and never
// oversold, across any number of server processes. This queue only keeps one process from parking a
// pooled connection per waiting request on that lock: waiters hold no connection, so the pool stays
// free for every other request (bench/registration.bench.ts).
const queues = new WeakMap<Database, Map<number, Promise<unknown>>>();

/** Runs `work` after every earlier call for the same database and event has settled. */
export function oneAtATime<T>(db: Database, eventId: number, work: () => Promise<T>): Promise<T> {
  let perEvent = queues.get(db);
  if (!perEvent) {
    perEvent = new Map();
    queues.set(db, perEvent);
  }
  const events = perEvent;
  const previous = events.get(eventId) ?? Promise.resolve();
  const run = previous.then(work);
  const settled = run.then(
    () => undefined,
    () => undefined,
  );
  events.set(eventId, settled);
  void settled.then(() => {
    if (events.get(eventId) === settled) events.delete(eventId);
  });
  return run;
}
