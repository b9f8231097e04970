import { readFileSync } from "node:fs";
import { performance } from "node:perf_hooks";

// What the fan-out bench's processes share: one clock, the message text, the latency histogram and the
// messages between the bench and its load generator.

/**
 * Milliseconds on a clock every process on this machine agrees on: the wall clock at process start plus
 * the monotonic clock since, so a wall-clock step during the run does not shift one side only.
 */
export const now = (): number => performance.timeOrigin + performance.now();

/** What a bench message carries: its phase (stragglers of an earlier one are not counted), number, send time. */
export interface Stamp {
  phase: number;
  n: number;
  sentAt: number;
}

/** Chat text that carries its own send time, so receipt time minus it is the send-to-receipt latency. */
export const benchText = (s: Stamp): string => `fanout ${s.phase} ${s.n} ${s.sentAt.toFixed(3)}`;

/** The stamp in a bench text, or null for any other message. */
export function stampOf(text: unknown): Stamp | null {
  if (typeof text !== "string" || !text.startsWith("fanout ")) return null;
  const [, phase, n, sentAt] = text.split(" ").map(Number);
  if (phase === undefined || n === undefined || sentAt === undefined || !Number.isFinite(sentAt)) return null;
  return { phase, n, sentAt };
}

/**
 * CPU seconds a process has used (user + system), from /proc/<pid>/stat. Clock ticks are 100 a second
 * on Linux builds Node supports; the figure is for comparing two servers on the same machine.
 */
export function cpuSeconds(pid: number): number {
  const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
  // Fields after the command name (which may hold spaces) start at the state, field 3.
  const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
  return (Number(fields[11]) + Number(fields[12])) / 100;
}

/** Latencies in 0.1 ms buckets up to two minutes: a million samples cost nothing to keep. */
export class Histogram {
  private static readonly BUCKET_MS = 0.1;
  private readonly buckets = new Uint32Array(1_200_000);
  count = 0;
  max = 0;

  record(ms: number): void {
    const i = Math.min(this.buckets.length - 1, Math.max(0, Math.floor(ms / Histogram.BUCKET_MS)));
    this.buckets[i] = (this.buckets[i] ?? 0) + 1;
    this.count += 1;
    if (ms > this.max) this.max = ms;
  }

  percentile(p: number): number {
    if (this.count === 0) return Number.NaN;
    const rank = Math.ceil(this.count * p);
    let seen = 0;
    for (let i = 0; i < this.buckets.length; i++) {
      seen += this.buckets[i] ?? 0;
      if (seen >= rank) return (i + 1) * Histogram.BUCKET_MS;
    }
    return this.max;
  }
}

/** A percentile of a small list of samples (join times). */
export function percentileOf(samples: number[], p: number): number {
  if (samples.length === 0) return Number.NaN;
  const sorted = [...samples].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil(sorted.length * p) - 1)] ?? Number.NaN;
}

export type Target =
  /** Onstage: Socket.IO, subscribe to the chat topic, read chat_messages INSERTs. */
  | { kind: "onstage"; url: string; origin: string; path: string; topic: string }
  /** A bare ws server that relays every frame as is. */
  | { kind: "raw"; url: string };

/** Bench -> load generator. */
export type Command =
  /** Open `count` viewers; `spreadMs` > 0 starts them evenly over that time (join storm), else at most `concurrency` at once. */
  | { type: "connect"; target: Target; count: number; spreadMs: number; concurrency: number }
  /** Count the messages of this phase from now on. */
  | { type: "measure-start"; phase: number }
  /** Sending is over: wait until `expected` deliveries arrived or `drainMs` passed. */
  | { type: "measure-stop"; sendStart: number; expected: number; drainMs: number }
  | { type: "disconnect" };

export interface ConnectResult {
  type: "connected";
  requested: number;
  connected: number;
  failed: number;
  /** A few distinct failure reasons. */
  errors: string[];
  /** First start to last acknowledged subscription. */
  seconds: number;
  joinP50: number;
  joinP99: number;
}

export interface MeasureResult {
  type: "measured";
  deliveries: number;
  /** Frames that carried deliveries (Onstage batches a topic's messages of one tick into one frame). */
  frames: number;
  /** Deliveries of the same message to the same viewer more than once. */
  duplicates: number;
  deliveriesPerSecond: number;
  p50: number;
  p99: number;
  max: number;
  /** Viewers still open at the end of the phase. */
  open: number;
}

/** Load generator -> bench. */
export type Reply = { type: "ready" } | ConnectResult | MeasureResult | { type: "done" };
