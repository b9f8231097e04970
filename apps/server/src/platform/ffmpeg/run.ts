import { type ChildProcess, spawn } from "node:child_process";
import type { Readable, Writable } from "node:stream";

// One ffmpeg process: started with its arguments, stopped gracefully (end of input, or SIGTERM, on
// which ffmpeg still writes its last segment and playlist), killed if it does not finish in time.

const STOP_TIMEOUT_MS = 5000;

/** The file descriptor of a run's i-th output pipe (ffmpeg's `pipe:N`): after stdin, stdout and stderr. */
export const outputDescriptor = (index: number) => 3 + index;
const ERROR_TAIL_CHARS = 2000;

export class FfmpegRun {
  private readonly child: ChildProcess;
  /** The exit code (null when killed by a signal or never started). */
  readonly exited: Promise<number | null>;
  /** Set once stop() was called: an exit after that is expected. */
  stopping = false;
  private errors = "";

  constructor(
    binary: string,
    args: readonly string[],
    options: {
      stdin: boolean;
      /**
       * Outputs on pipes, read through `outputs` (each to its end, or ffmpeg blocks): the i-th is
       * ffmpeg's file descriptor `outputDescriptor(i)`.
       */
      outputs?: number;
      /** Relative paths in `args` are under it. */
      cwd?: string;
    },
  ) {
    this.child = spawn(binary, args, {
      stdio: [
        options.stdin ? "pipe" : "ignore",
        "ignore",
        "pipe",
        ...Array.from({ length: options.outputs ?? 0 }, () => "pipe" as const),
      ],
      cwd: options.cwd,
    });
    this.child.stderr?.setEncoding("utf8");
    this.child.stderr?.on("data", (text: string) => {
      this.errors = (this.errors + text).slice(-ERROR_TAIL_CHARS);
    });
    // A closed stdin (ffmpeg exited first) must not become an unhandled error.
    this.child.stdin?.on("error", () => undefined);
    this.exited = new Promise((resolve) => {
      this.child.once("error", (err) => {
        this.errors += String(err);
        resolve(null);
      });
      this.child.once("close", (code) => resolve(code));
    });
  }

  get pid(): number | undefined {
    return this.child.pid;
  }

  /** ffmpeg's stdin, for runs started with one. */
  get input(): Writable | null {
    return this.child.stdin;
  }

  /** The output pipes, in the order of `outputDescriptor`. */
  get outputs(): Readable[] {
    return this.child.stdio.slice(3) as Readable[];
  }

  /** The end of what ffmpeg printed (loglevel error): for the log when a run fails. */
  get errorOutput(): string {
    return this.errors.trim();
  }

  /** Ends the input (or sends SIGTERM), waits for the last segment to be written, kills after 5 s. */
  async stop(): Promise<void> {
    this.stopping = true;
    if (this.child.stdin) this.child.stdin.end();
    else this.child.kill("SIGTERM");
    const timer = setTimeout(() => this.child.kill("SIGKILL"), STOP_TIMEOUT_MS);
    await this.exited;
    clearTimeout(timer);
  }
}
