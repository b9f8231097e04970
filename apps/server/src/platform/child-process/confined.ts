import { spawn } from "node:child_process";
import { readdir, readFile } from "node:fs/promises";
import { setTimeout as sleep } from "node:timers/promises";
import { confine, confinedEnv, type Sandbox } from "./sandbox";

// One process reading hostile input (pdfinfo, pdftoppm, LibreOffice, ffprobe, ffmpeg) with its owner:
// started in a process group of its own, so a grandchild (LibreOffice's soffice.bin) dies with it; killed
// whole at its time limit or on abort; the group killed again once it ends, so nothing outlives the run.

const STDOUT_MAX_CHARS = 1_000_000;
const STDERR_TAIL_CHARS = 4_000;
const GROUP_POLL_MS = 10;
const GROUP_WAIT_MS = 2_000;

/** What every run of one job (a deck, a video) shares. */
export interface RunContext {
  sandbox: Sandbox;
  memoryBytes: number;
  /** The job's work directory: the runs' HOME and TMPDIR. */
  home: string;
  /** The job's signal: its reason is what a run rejects with. */
  signal: AbortSignal;
  /** Variables the tool needs besides the confined environment's (LibreOffice's drawing back end). */
  env?: Record<string, string>;
}

export interface RunOptions extends RunContext {
  timeoutMs: number;
  /** What the run rejects with at its time limit (the caller's error, with its own sentence). */
  timeoutError: () => Error;
  /** Each line the process prints on stderr; returning true restarts the time limit (progress). */
  onStderrLine?: (line: string) => boolean;
}

export interface RunResult {
  code: number | null;
  stdout: string;
  /** The end of what it printed on stderr, for the log. */
  stderr: string;
}

function killGroup(pid: number | undefined): void {
  if (pid === undefined) return;
  try {
    process.kill(-pid, "SIGKILL");
  } catch {
    // ESRCH: the whole group has already gone.
  }
}

/** Whether a process of group `pgid` is still running (a zombie has ended; its parent reaps it). */
async function groupRunning(pgid: number): Promise<boolean> {
  const pids = (await readdir("/proc").catch(() => [])).filter((name) => /^\d+$/.test(name));
  const stats = await Promise.all(pids.map((pid) => readFile(`/proc/${pid}/stat`, "utf8").catch(() => "")));
  return stats.some((stat) => {
    const [state, , group] = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
    return Number(group) === pgid && state !== "Z" && state !== "X";
  });
}

/**
 * Kills the group and waits until none of it runs: the direct child's exit says nothing of a grandchild
 * still tearing down its memory (a killed pdftoppm, soffice.bin), which could yet write a file.
 */
async function endGroup(pgid: number | undefined): Promise<void> {
  if (pgid === undefined) return;
  killGroup(pgid);
  for (let waited = 0; waited < GROUP_WAIT_MS && (await groupRunning(pgid)); waited += GROUP_POLL_MS) {
    killGroup(pgid);
    await sleep(GROUP_POLL_MS);
  }
}

export function runConfined(command: readonly string[], options: RunOptions): Promise<RunResult> {
  const [file = "", ...args] = confine(options.sandbox, command, options.memoryBytes);
  const child = spawn(file, args, {
    detached: true,
    stdio: ["ignore", "pipe", "pipe"],
    env: { ...confinedEnv(options.home), ...options.env },
    cwd: options.home,
  });
  let stdout = "";
  let stderr = "";
  let partial = "";
  let failure: Error | null = null;
  let timer: NodeJS.Timeout | undefined;

  const stop = (err: Error) => {
    failure ??= err;
    killGroup(child.pid);
    // A process that left the group could hold the pipes open; the run ends regardless.
    child.stdout.destroy();
    child.stderr.destroy();
  };
  const restartTimer = () => {
    clearTimeout(timer);
    timer = setTimeout(() => stop(options.timeoutError()), options.timeoutMs);
  };
  const onAbort = () => stop(options.signal.reason);

  child.stdout.setEncoding("utf8");
  child.stdout.on("data", (text: string) => {
    if (stdout.length < STDOUT_MAX_CHARS) stdout += text;
  });
  child.stderr.setEncoding("utf8");
  child.stderr.on("data", (text: string) => {
    stderr = (stderr + text).slice(-STDERR_TAIL_CHARS);
    const lines = (partial + text).split("\n");
    // A line that never ends is cut, not kept whole.
    partial = (lines.pop() ?? "").slice(-STDERR_TAIL_CHARS);
    for (const line of lines) if (options.onStderrLine?.(line)) restartTimer();
  });

  return new Promise((resolve, reject) => {
    child.once("error", (err) => stop(err));
    child.once("close", async (code) => {
      clearTimeout(timer);
      options.signal.removeEventListener("abort", onAbort);
      await endGroup(child.pid);
      if (partial) options.onStderrLine?.(partial);
      if (failure) reject(failure);
      else resolve({ code, stdout, stderr });
    });
    restartTimer();
    if (options.signal.aborted) onAbort();
    else options.signal.addEventListener("abort", onAbort, { once: true });
  });
}
