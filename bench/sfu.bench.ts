import { embeddedMediaRoom } from "../apps/server/src/platform/media-room/embedded/room";
import { StagePeer } from "../apps/server/src/testing/stage-peer";

// Issue 11 §2: the embedded SFU (werift in its worker thread) forwarding 6 publishers' synthetic VP8
// (~500 kbit/s each) to 10 watching members for ~20 s, all werift peers on loopback in this process.
// Prints the SFU thread's CPU per forwarded stream, packets lost and RSS. Settings: BENCH_SFU_PUBLISHERS,
// BENCH_SFU_SUBSCRIBERS, BENCH_SFU_SECONDS, BENCH_SFU_KBPS.
// Issue 27: then the composed program (one publisher at BENCH_SFU_PROGRAM_KBPS, 1,500 by default: a
// 720p30 program) to BENCH_SFU_VIEWERS viewer places (50: the threshold): the SFU thread's CPU per
// viewer and for the whole room (target: 50 viewers within one core here).

const PUBLISHERS = Number(process.env.BENCH_SFU_PUBLISHERS ?? 6);
const SUBSCRIBERS = Number(process.env.BENCH_SFU_SUBSCRIBERS ?? 10);
const SECONDS = Number(process.env.BENCH_SFU_SECONDS ?? 20);
const KBPS = Number(process.env.BENCH_SFU_KBPS ?? 500);
const VIEWERS = Number(process.env.BENCH_SFU_VIEWERS ?? 50);
const PROGRAM_KBPS = Number(process.env.BENCH_SFU_PROGRAM_KBPS ?? 1_500);
const SESSION = 1;
const PROGRAM_SESSION = 2;

const room = embeddedMediaRoom();
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

type Part = "publisher" | "watcher" | "program" | "viewer";

/**
 * A member; watchers and viewers answer the SFU's offers, publishers (a person, or the program) only
 * publish (they receive nothing here).
 */
async function member(userId: number, part: Part, sessionId = SESSION): Promise<StagePeer> {
  const peer = new StagePeer();
  const publishes = part === "publisher" || part === "program";
  await room.enter(
    { sessionId, userId, name: `Member ${userId}`, canPublish: part === "publisher" },
    {
      signal(signal) {
        if (signal.type !== "subscribe-offer" || publishes) return;
        void peer
          .answer(signal.sdp)
          .then((sdp) => room.signal(sessionId, userId, { type: "subscribe-answer", sdp }))
          .catch((err: unknown) => console.error("answer failed", err));
      },
      closed() {},
      restarted() {
        console.error(`member ${userId}: the SFU restarted`);
      },
    },
    userId,
    {
      role: part === "viewer" ? "viewer" : part === "program" ? "compositor" : "stage",
      canPublishProgram: part === "program",
    },
  );
  if (publishes) {
    const answer = await room.signal(sessionId, userId, {
      type: "publish-offer",
      sdp: await peer.publishOffer(),
      ...(part === "program" ? { program: true } : {}),
    });
    await peer.acceptAnswer(answer ?? "");
  }
  return peer;
}

const watchers: StagePeer[] = [];
for (let i = 0; i < SUBSCRIBERS; i++) watchers.push(await member(1_000 + i, "watcher"));
const publishers: StagePeer[] = [];
for (let i = 0; i < PUBLISHERS; i++) publishers.push(await member(i + 1, "publisher"));
for (const publisher of publishers) publisher.startVideo(KBPS);

// Until every watcher receives every camera, then measure a steady window.
const streams = PUBLISHERS * SUBSCRIBERS;
const flowing = () => watchers.reduce((n, w) => n + w.flowingTracks(), 0);
const deadline = Date.now() + 30_000;
while (flowing() < streams && Date.now() < deadline) await sleep(200);
console.log(`streams flowing: ${flowing()} of ${streams}`, watchers.map((w) => w.flowingTracks()).join(","));

const before = await room.stats();
const receivedBefore = watchers.reduce((n, w) => n + w.totals().received, 0);
const startedAt = Date.now();
await sleep(SECONDS * 1_000);
const after = await room.stats();
const elapsed = (Date.now() - startedAt) / 1_000;
const totals = watchers.map((w) => w.totals());
const received = totals.reduce((n, t) => n + t.received, 0);
const lost = totals.reduce((n, t) => n + t.lost, 0);

const cpu = (after.cpuSeconds ?? Number.NaN) - (before.cpuSeconds ?? Number.NaN);
const perStream = cpu / elapsed / streams;
console.log(
  `publishers: ${PUBLISHERS} x ${KBPS} kbit/s, watchers: ${SUBSCRIBERS}, forwarded streams: ${streams}`,
);
console.log(`window: ${elapsed.toFixed(1)} s, packets received: ${received - receivedBefore} in the window`);
console.log(`sfu thread cpu: ${cpu.toFixed(2)} s = ${(cpu / elapsed).toFixed(3)} core`);
console.log(`packets lost: ${((100 * lost) / Math.max(1, received + lost)).toFixed(2)} %`);
console.log(
  `rss (whole process: SFU worker and the ${PUBLISHERS + SUBSCRIBERS} werift peers): ${(after.rssBytes / 1e6).toFixed(0)} MB`,
);
console.log(`sfu_cpu_per_stream: ${perStream.toFixed(4)} core`);
await Promise.all([...watchers, ...publishers].map((peer) => peer.close()));
await room.close(SESSION);

// Issue 27: the program to the room's viewer places.
const viewers: StagePeer[] = [];
for (let i = 0; i < VIEWERS; i++) viewers.push(await member(5_000 + i, "viewer", PROGRAM_SESSION));
const program = await member(-1, "program", PROGRAM_SESSION);
program.startVideo(PROGRAM_KBPS);
const watching = () => viewers.reduce((n, v) => n + v.flowingTracks(), 0);
const viewersBy = Date.now() + 60_000;
while (watching() < VIEWERS && Date.now() < viewersBy) await sleep(200);
console.log(`viewers receiving the program: ${watching()} of ${VIEWERS}`);
const programBefore = await room.stats();
const processBefore = process.cpuUsage();
const programStart = Date.now();
await sleep(SECONDS * 1_000);
const programAfter = await room.stats();
const processCpu = process.cpuUsage(processBefore);
const programElapsed = (Date.now() - programStart) / 1_000;
const programTotals = viewers.map((v) => v.totals());
const programLost = programTotals.reduce((n, t) => n + t.lost, 0);
const programReceived = programTotals.reduce((n, t) => n + t.received, 0);
const roomCore =
  ((programAfter.cpuSeconds ?? Number.NaN) - (programBefore.cpuSeconds ?? Number.NaN)) / programElapsed;
console.log(
  `program: ${PROGRAM_KBPS} kbit/s to ${programAfter.viewers} viewer places for ${programElapsed.toFixed(1)} s`,
);
console.log(
  `packets lost: ${((100 * programLost) / Math.max(1, programReceived + programLost)).toFixed(2)} %`,
);
console.log(
  `the bench process (SFU thread and the ${VIEWERS + 1} werift peers receiving): ${((processCpu.user + processCpu.system) / 1e6 / programElapsed).toFixed(3)} core`,
);
console.log(`sfu_program_cpu_per_viewer: ${(roomCore / VIEWERS).toFixed(4)} core`);
console.log(`sfu_program_room_cpu: ${roomCore.toFixed(3)} core`);

await Promise.all([...viewers, program].map((peer) => peer.close()));
await room.stop();
process.exit(0);
