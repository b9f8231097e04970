import { availableParallelism } from "node:os";
import { cleanup, LoadGenerator, type Memory, sleep } from "./fanout/children";
import { type Onstage, startOnstage } from "./fanout/onstage";
import { startRaw } from "./fanout/raw";
import { type ConnectResult, cpuSeconds, type MeasureResult, now, percentileOf } from "./fanout/shared";
import type { SendOutcome, System } from "./fanout/system";

// Issue 6: chat fan-out. One Onstage server process (on a throw-away PostgreSQL database with the demo
// data) and a bare `ws` broadcast server process; a load generator process on loopback holds the viewers
// of one session's public chat (on Onstage) or of the relay; a sender posts 20 messages/s. Each size runs
// on Onstage, then on the bare server; then 5,000 viewers join Onstage within 10 s. Onstage sends a
// topic's messages of one tick as one frame (issue 14 item 7), the bare server one frame per message:
// each chat message in a frame counts as a delivery with its own send-to-receipt latency.
// Settings for working on it: BENCH_FANOUT_VIEWERS="1000,5000", BENCH_FANOUT_SECONDS=10,
// BENCH_FANOUT_STORM=5000 (0: no join storm), BENCH_FANOUT_ONLY=onstage|raw, BENCH_FANOUT_RATE=20,
// BENCH_FANOUT_SERVER_FLAGS="--cpu-prof --cpu-prof-dir=/tmp/prof" (Node flags for both servers),
// BENCH_POSTGRES_URL (admin connection).

const VIEWERS = (process.env.BENCH_FANOUT_VIEWERS ?? "1000,5000").split(",").map(Number);
/** Issue 14 fixes 20 messages/s; a higher rate shows where each server stops keeping up. */
const RATE = Number(process.env.BENCH_FANOUT_RATE ?? 20);
const SEND_SECONDS = Number(process.env.BENCH_FANOUT_SECONDS ?? 10);
/** After the last send is answered, how long deliveries may still come in before the rest counts as undelivered. */
const DRAIN_MS = 10_000;
const STORM_VIEWERS = Number(process.env.BENCH_FANOUT_STORM ?? 5_000);
const STORM_MS = 10_000;
/** Viewers of the steady phases join this many at a time (the join storm has its own pace). */
const CONNECT_CONCURRENCY = 200;
/** Issue 14 item 7: at least the bare ws server's deliveries per second. */
const TARGET_RATIO = 1.0;
const TARGET_P99_MS = 150;
// The load generator marks messages per viewer in a 1,024-slot table (duplicate detection).
if (RATE * SEND_SECONDS > 1024)
  throw new Error("BENCH_FANOUT_SECONDS x BENCH_FANOUT_RATE: at most 1,024 messages");

interface Phase {
  viewers: number;
  connect: ConnectResult;
  sent: number;
  accepted: number;
  /** Sends the server had not answered after the answer timeout; their messages still count if they come. */
  unanswered: number;
  expected: number;
  measure: MeasureResult;
  /**
   * Server memory with the viewers connected minus before they came, per viewer, after a full GC. The
   * heap figure (JavaScript objects and buffers) is the steady one; V8 returns freed pages to the system
   * lazily, so the RSS difference wanders by megabytes (it can even come out negative).
   */
  perConnection: Memory;
  /** Server CPU time over the sending and draining, per delivery. */
  cpuPerDelivery: number;
}

let phaseNumber = 0;

/** Open-loop sending: message i leaves at start + i/rate whatever the answers to earlier ones. */
async function sendAtRate(system: System, phase: number, count: number) {
  const sends: Promise<SendOutcome>[] = [];
  /** How long each send took to be answered (Onstage: the POST, its transaction and publish). */
  const answered: number[] = [];
  const sendStart = now();
  for (let n = 0; n < count; n++) {
    await sleep(sendStart + (n * 1000) / RATE - now());
    const sentAt = now();
    sends.push(system.send({ phase, n, sentAt }).finally(() => answered.push(now() - sentAt)));
  }
  const outcomes = await Promise.all(sends);
  const accepted = outcomes.filter((o) => o === "accepted").length;
  const unanswered = outcomes.filter((o) => o === "unanswered").length;
  return {
    sendStart,
    sent: count,
    accepted,
    unanswered,
    answerP50: percentileOf(answered, 0.5),
    answerP99: percentileOf(answered, 0.99),
  };
}

/** `count` viewers, then RATE messages a second for `seconds`, counted until all arrived or the drain ended. */
async function measured(
  system: System,
  load: LoadGenerator,
  count: number,
  seconds: number,
  drainMs: number,
) {
  const before = await system.memory();
  const connect = await load.connect({
    target: system.target,
    count,
    spreadMs: 0,
    concurrency: CONNECT_CONCURRENCY,
  });
  if (connect.failed > 0)
    console.log(`## ${system.name}: ${connect.failed} viewers failed: ${connect.errors}`);
  await settle(system.pid);
  const perConnection = memoryPerConnection(before, await system.memory(), connect.connected);
  phaseNumber += 1;
  await load.measureStart(phaseNumber);
  const cpuBefore = cpuSeconds(system.pid);
  const sending = await sendAtRate(system, phaseNumber, RATE * seconds);
  const expected = (sending.accepted + sending.unanswered) * connect.connected;
  const measure = await load.measureStop(sending.sendStart, expected, drainMs);
  const cpu = cpuSeconds(system.pid) - cpuBefore;
  await load.disconnect();
  return { connect, perConnection, cpu, expected, measure, ...sending };
}

async function phase(system: System, load: LoadGenerator, viewers: number): Promise<Phase> {
  const run = await measured(system, load, viewers, SEND_SECONDS, DRAIN_MS);
  const { connect, measure, sent, accepted, unanswered, expected, perConnection } = run;
  const cpuPerDelivery = run.cpu / Math.max(1, measure.deliveries);
  await settle(system.pid);
  console.log(
    `## ${system.name} ${viewers} viewers: sent ${sent}, accepted ${accepted}, unanswered ${unanswered}` +
      ` (answer p50 ${run.answerP50.toFixed(1)}, p99 ${run.answerP99.toFixed(1)} ms), delivered ${measure.deliveries} of ${expected}` +
      `, ${perFrame(measure)} messages/frame` +
      `, duplicates ${measure.duplicates}, still open ${measure.open}, ${measure.deliveriesPerSecond.toFixed(0)}/s,` +
      ` p50 ${measure.p50.toFixed(1)} ms, p99 ${measure.p99.toFixed(1)} ms, max ${measure.max.toFixed(1)} ms,` +
      ` memory ${kib(perConnection.heap)} KiB/connection (RSS ${kib(perConnection.rss)}), server CPU ${(cpuPerDelivery * 1e6).toFixed(1)} µs/delivery`,
  );
  return {
    viewers,
    connect,
    sent,
    accepted,
    unanswered,
    expected,
    measure,
    perConnection,
    cpuPerDelivery,
  };
}

function memoryPerConnection(before: Memory, after: Memory, connections: number): Memory {
  const n = Math.max(1, connections);
  return { rss: (after.rss - before.rss) / n, heap: (after.heap - before.heap) / n };
}

const kib = (bytes: number) => (bytes / 1024).toFixed(1);
const perFrame = (m: MeasureResult) => (m.deliveries / Math.max(1, m.frames)).toFixed(2);

/**
 * Waits until the server is idle (under a tenth of a core for half a second, at most a minute): an
 * overloaded server still working off a phase's backlog would otherwise slow the next phase down.
 */
async function settle(pid: number): Promise<void> {
  const deadline = now() + 60_000;
  let before = cpuSeconds(pid);
  while (now() < deadline) {
    await sleep(500);
    const after = cpuSeconds(pid);
    if (after - before < 0.05) return;
    before = after;
  }
}

/** A few viewers and a second of messages: loads the code paths, and stops early if nothing arrives. */
async function warmUp(system: System, load: LoadGenerator): Promise<void> {
  const run = await measured(system, load, 20, 1, 5_000);
  if (run.connect.connected === 0) throw new Error(`no viewer could subscribe: ${run.connect.errors}`);
  if (run.measure.deliveries === 0) {
    throw new Error(`no message reached a viewer (${run.accepted} of ${run.sent} sends accepted)`);
  }
  await settle(system.pid);
}

/** Both sides' results, so that a failure in the second still reports the first. */
const onstagePhases: Phase[] = [];
const rawPhases: Phase[] = [];
let storm = null as ConnectResult | null;
let stormPerConnection: Memory = { rss: 0, heap: 0 };

const ONLY = process.env.BENCH_FANOUT_ONLY;
// Server, load generator and the loopback's kernel work share these cores: read the figures with them.
console.log(
  `## ${availableParallelism()} cores; ${VIEWERS.join(", ")} viewers, ${RATE} messages/s for ${SEND_SECONDS} s`,
);
const failures: string[] = [];
const load = await LoadGenerator.start();
let onstage: Onstage | null = null;
let raw: System | null = null;
try {
  if (ONLY !== "raw") {
    onstage = await startOnstage({ rate: RATE });
    await warmUp(onstage, load);
  }
  if (ONLY !== "onstage") {
    raw = await startRaw();
    await warmUp(raw, load);
  }
  // Each size on both servers back to back, so that whatever else the machine does colours both alike.
  for (const viewers of VIEWERS) {
    if (onstage) onstagePhases.push(await phase(onstage, load, viewers));
    if (raw) rawPhases.push(await phase(raw, load, viewers));
  }
  if (onstage && STORM_VIEWERS > 0) {
    const before = await onstage.memory();
    storm = await load.connect({
      target: onstage.target,
      count: STORM_VIEWERS,
      spreadMs: STORM_MS,
      concurrency: 0,
    });
    await settle(onstage.pid);
    stormPerConnection = memoryPerConnection(before, await onstage.memory(), storm.connected);
    console.log(
      `## join storm: ${storm.connected} of ${storm.requested} subscribed in ${storm.seconds.toFixed(1)} s,` +
        ` join p50 ${storm.joinP50.toFixed(0)} ms, p99 ${storm.joinP99.toFixed(0)} ms` +
        (storm.failed ? `, failures: ${storm.errors}` : ""),
    );
    await load.disconnect();
  }
} catch (err) {
  failures.push(err instanceof Error ? err.message : String(err));
  console.error("# fanout bench failed:", err);
  if (onstage) console.error(`# last Onstage server output:\n${onstage.logTail().join("\n")}`);
} finally {
  if (onstage?.refusals.size) console.log(`## refused sends: ${JSON.stringify([...onstage.refusals])}`);
  await load.stop();
  await onstage?.stop();
  await raw?.stop();
  await cleanup();
}

for (const [name, phases] of [
  ["onstage", onstagePhases],
  ["raw-ws", rawPhases],
] as const) {
  for (const p of phases) {
    const prefix = `fanout-${name}-${p.viewers}`;
    console.log(`${prefix}-connected: ${p.connect.connected} of ${p.viewers} viewers`);
    console.log(`${prefix}-deliveries: ${p.measure.deliveriesPerSecond.toFixed(0)} deliveries/s`);
    console.log(`${prefix}-undelivered: ${p.expected - p.measure.deliveries} deliveries`);
    console.log(`${prefix}-messages-per-frame: ${perFrame(p.measure)}`);
    console.log(`${prefix}-p50: ${p.measure.p50.toFixed(1)} ms`);
    console.log(`${prefix}-p99: ${p.measure.p99.toFixed(1)} ms`);
    console.log(`${prefix}-memory: ${kib(p.perConnection.heap)} KiB/connection`);
    console.log(`${prefix}-rss: ${kib(p.perConnection.rss)} KiB/connection`);
    console.log(`${prefix}-server-cpu: ${(p.cpuPerDelivery * 1e6).toFixed(1)} µs/delivery`);
  }
}
if (storm) {
  console.log(`fanout-join-storm-connected: ${storm.connected} of ${storm.requested} viewers`);
  console.log(`fanout-join-storm-seconds: ${storm.seconds.toFixed(1)} s`);
  console.log(`fanout-join-storm-join-p99: ${storm.joinP99.toFixed(0)} ms`);
  console.log(`fanout-join-storm-memory: ${kib(stormPerConnection.heap)} KiB/connection`);
  console.log(`fanout-join-storm-rss: ${kib(stormPerConnection.rss)} KiB/connection`);
}

const largest = Math.max(...VIEWERS);
const onstageTop = onstagePhases.find((p) => p.viewers === largest);
const rawTop = rawPhases.find((p) => p.viewers === largest);
const ratio =
  onstageTop && rawTop && rawTop.measure.deliveriesPerSecond > 0
    ? onstageTop.measure.deliveriesPerSecond / rawTop.measure.deliveriesPerSecond
    : 0;

// The targets; a miss fails the run (exit 1) as a wrong count fails the registration bench.
const misses = [
  ratio < TARGET_RATIO && `fanout_vs_raw_ws ${ratio.toFixed(3)} < ${TARGET_RATIO} at ${largest} viewers`,
  ...onstagePhases.map(
    (p) =>
      p.measure.p99 >= TARGET_P99_MS &&
      `p99 ${p.measure.p99.toFixed(0)} ms >= ${TARGET_P99_MS} ms at ${p.viewers}`,
  ),
  ...onstagePhases.flatMap((p) => [
    p.connect.failed > 0 && `${p.viewers} viewers: ${p.connect.failed} could not subscribe`,
    p.sent - p.accepted - p.unanswered > 0 &&
      `${p.viewers} viewers: ${p.sent - p.accepted - p.unanswered} sends refused`,
    p.measure.deliveries < p.expected &&
      `${p.viewers} viewers: ${p.expected - p.measure.deliveries} deliveries missing after the drain`,
  ]),
  storm && storm.connected < storm.requested && `join storm: ${storm.failed} viewers not connected`,
  ...failures,
].filter(Boolean);
for (const miss of misses) console.log(`## target missed: ${miss}`);
console.log(`fanout_vs_raw_ws: ${ratio.toFixed(3)}`);
process.exit(misses.length > 0 ? 1 : 0);
