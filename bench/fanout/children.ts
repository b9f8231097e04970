import { type ChildProcess, fork } from "node:child_process";
import { readFile, rm } from "node:fs/promises";
import path from "node:path";
import { pathToFileURL } from "node:url";
import type { Command, ConnectResult, MeasureResult, Reply } from "./shared";

// The bench's child processes: every one is registered here so that a normal end, an error and Ctrl-C
// all leave nothing running.

const children = new Set<ChildProcess>();
const cleanups: (() => Promise<void>)[] = [];

export function track(child: ChildProcess): ChildProcess {
  children.add(child);
  child.on("exit", () => children.delete(child));
  return child;
}

/** Runs at the end, last registered first (the database is dropped after the server is gone). */
export function onCleanup(cleanup: () => Promise<void>): void {
  cleanups.unshift(cleanup);
}

/** Stops a child with SIGTERM, then SIGKILL if it has not exited within `graceMs`. */
export async function stopChild(child: ChildProcess, graceMs = 5_000): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise<void>((resolve) => child.once("exit", () => resolve()));
  child.kill("SIGTERM");
  const timer = setTimeout(() => child.kill("SIGKILL"), graceMs);
  await exited;
  clearTimeout(timer);
}

let cleaning: Promise<void> | null = null;
export function cleanup(): Promise<void> {
  cleaning ??= (async () => {
    await Promise.all([...children].map((c) => stopChild(c)));
    for (const c of cleanups) await c().catch((err: unknown) => console.error("# cleanup failed:", err));
  })();
  return cleaning;
}

for (const signal of ["SIGINT", "SIGTERM"] as const) {
  process.on(signal, () => {
    void cleanup().then(() => process.exit(130));
  });
}
// Last resort if the bench ends without cleanup(): no orphaned server or load generator.
process.on("exit", () => {
  for (const c of children) c.kill("SIGKILL");
});

export const sleep = (ms: number) => new Promise((r) => setTimeout(r, Math.max(0, ms)));

/** Extra Node flags for both servers, e.g. "--cpu-prof --cpu-prof-dir=/tmp/prof" to see where time goes. */
export const SERVER_FLAGS = (process.env.BENCH_FANOUT_SERVER_FLAGS ?? "").split(" ").filter(Boolean);
/** A CPU profile is written at exit and takes a while. */
export const SERVER_STOP_GRACE_MS = SERVER_FLAGS.length > 0 ? 60_000 : 5_000;

/** Node arguments that run a server's TypeScript with tsx and the bench's memory probe (gc-probe.ts). */
export function serverNodeArgs(): string[] {
  const probe = path.join(import.meta.dirname, "gc-probe.ts");
  return [...SERVER_FLAGS, "--expose-gc", "--import", "tsx", "--import", pathToFileURL(probe).href];
}

export interface Memory {
  /** Resident memory. */
  rss: number;
  /** V8 heap in use plus memory outside it held by JavaScript objects (buffers). */
  heap: number;
}

/** A server's memory right after a full garbage collection, from its gc-probe.ts. */
export async function memoryOf(pid: number, file: string): Promise<Memory> {
  await rm(file, { force: true });
  process.kill(pid, "SIGUSR2");
  for (let i = 0; i < 100; i++) {
    await sleep(100);
    try {
      const m = JSON.parse(await readFile(file, "utf8")) as NodeJS.MemoryUsage;
      return { rss: m.rss, heap: m.heapUsed + m.external };
    } catch {
      // Not written yet (or half written): ask again shortly.
    }
  }
  throw new Error(`process ${pid} did not report its memory`);
}

/** Forks one of the bench's TypeScript files with tsx and an IPC channel. */
export function forkTs(file: string, execArgv = ["--import", "tsx"], env = process.env): ChildProcess {
  return track(
    fork(path.join(import.meta.dirname, file), [], {
      execArgv,
      env,
      stdio: ["ignore", "inherit", "inherit", "ipc"],
    }),
  );
}

/** The first IPC message from a child that `accept` takes, or an error if it exits first. */
export function nextMessage<T>(child: ChildProcess, accept: (m: unknown) => m is T): Promise<T> {
  return new Promise((resolve, reject) => {
    const onMessage = (m: unknown) => {
      if (!accept(m)) return;
      child.off("message", onMessage);
      child.off("exit", onExit);
      resolve(m);
    };
    const onExit = (code: number | null) => {
      child.off("message", onMessage);
      reject(new Error(`child ${child.pid} exited (${code}) before answering`));
    };
    child.on("message", onMessage);
    child.once("exit", onExit);
  });
}

/** The load generator process (load.ts), one command at a time. */
export class LoadGenerator {
  private constructor(private readonly child: ChildProcess) {}

  static async start(): Promise<LoadGenerator> {
    const child = forkTs("load.ts");
    await nextMessage(child, (m): m is Reply => (m as Reply).type === "ready");
    return new LoadGenerator(child);
  }

  private ask(command: Command): Promise<Reply> {
    const answer = nextMessage(this.child, (m): m is Reply => typeof (m as Reply).type === "string");
    this.child.send(command);
    return answer;
  }

  async connect(command: Omit<Extract<Command, { type: "connect" }>, "type">): Promise<ConnectResult> {
    return (await this.ask({ type: "connect", ...command })) as ConnectResult;
  }

  async measureStart(phase: number): Promise<void> {
    await this.ask({ type: "measure-start", phase });
  }

  async measureStop(sendStart: number, expected: number, drainMs: number): Promise<MeasureResult> {
    return (await this.ask({ type: "measure-stop", sendStart, expected, drainMs })) as MeasureResult;
  }

  async disconnect(): Promise<void> {
    await this.ask({ type: "disconnect" });
  }

  stop(): Promise<void> {
    return stopChild(this.child);
  }
}
