import { readFileSync } from "node:fs";
import { parentPort } from "node:worker_threads";
import type { Call, WorkerMessage } from "./protocol";
import { Sfu } from "./sfu";

// The SFU's thread: a 10x10 stage is about one JS thread of packet work (MEDIA-NOTES "WebRTC"), so the
// forwarding never competes with the HTTP and realtime event loop.

const port = parentPort;
if (!port) throw new Error("the SFU runs in a worker thread");
const post = (message: WorkerMessage) => port.postMessage(message);

const sfu = new Sfu({
  signal: (sessionId, userId, signal) => post({ event: "signal", sessionId, userId, signal }),
  gone: (sessionId, userId, rejoin) => post({ event: "gone", sessionId, userId, rejoin }),
  fault: (report) => post({ event: "fault", report }),
});

async function run(call: Call): Promise<unknown> {
  switch (call.method) {
    case "enter":
      return sfu.enter(call.member);
    case "signal":
      return sfu.signal(call.sessionId, call.userId, call.signal);
    case "remove":
      return sfu.remove(call.sessionId, call.userId);
    case "close":
      return sfu.close(call.sessionId);
    case "stats":
      return { ...sfu.stats(), cpuSeconds: threadCpuSeconds() };
  }
}

port.on("message", (call: Call) => {
  run(call).then(
    (result) => post({ id: call.id, ok: true, result: result ?? null }),
    (err: unknown) =>
      post({ id: call.id, ok: false, error: err instanceof Error ? err.message : String(err) }),
  );
});

/** This thread's user + system CPU time (fields 14 and 15 of its stat line, in 1/100 s), null off Linux. */
function threadCpuSeconds(): number | null {
  try {
    const stat = readFileSync("/proc/thread-self/stat", "utf8");
    const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
    return (Number(fields[11]) + Number(fields[12])) / 100;
  } catch {
    return null;
  }
}
