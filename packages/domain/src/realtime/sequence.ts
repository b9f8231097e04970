/**
 * Exactly-once, in-order delivery per topic (issue 6): every topic message carries the topic's
 * sequence number. The tracker drops what was already applied, applies the next one, and holds
 * early arrivals until the gap is filled by a resume (or declared lost, which means: refetch).
 */
export interface Sequenced {
  seq: number;
}

export interface SequenceStep<T extends Sequenced> {
  /** Messages to apply now, in order. */
  apply: T[];
  /** True while messages are held behind a gap; the client resumes from `last` if it persists. */
  gap: boolean;
}

export class SequenceTracker<T extends Sequenced> {
  private held = new Map<number, T>();

  constructor(private lastSeq: number) {}

  get last(): number {
    return this.lastSeq;
  }

  receive(message: T): SequenceStep<T> {
    if (message.seq > this.lastSeq) this.held.set(message.seq, message);
    return this.drain();
  }

  /** After a resume or refetch: everything up to `seq` is known, held messages past it still count. */
  reset(seq: number): SequenceStep<T> {
    this.lastSeq = Math.max(this.lastSeq, seq);
    for (const held of this.held.keys()) if (held <= this.lastSeq) this.held.delete(held);
    return this.drain();
  }

  private drain(): SequenceStep<T> {
    const apply: T[] = [];
    for (let next = this.held.get(this.lastSeq + 1); next; next = this.held.get(this.lastSeq + 1)) {
      this.held.delete(next.seq);
      this.lastSeq = next.seq;
      apply.push(next);
    }
    return { apply, gap: this.held.size > 0 };
  }
}
