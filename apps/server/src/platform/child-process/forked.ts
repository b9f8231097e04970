import { type ChildProcess, fork } from "node:child_process";
import { EventEmitter } from "node:events";
import type { FastifyBaseLogger } from "fastify";

// A helper process of the server (the RTMP ingest, the media process): forked from its entry when first
// needed, its relayed errors written to the server's log, its end told to its owner. It is stopped by
// disconnecting: it ends its playlists and exits.

/** How long a process told to stop may take to end its playlists before it is killed. */
const STOP_TIMEOUT_MS = 10_000;

/** What every child may send besides its own messages: an error for the server's log (relayedLog). */
interface RelayedError {
  kind: "error";
  context: Record<string, string>;
  message: string;
}

const isRelayedError = (message: { kind: string }): message is RelayedError => message.kind === "error";

export interface ForkOptions<From> {
  /** The .mjs entry (it loads the TypeScript through tsx in development; the build compiles it). */
  entry: string;
  /** Its log lines' prefix: "rtmp ingest", "media process". */
  name: string;
  log: FastifyBaseLogger;
  /** Its own messages (never an error: those go to the log). */
  onMessage(message: From): void;
  /** The process ended (a failure was logged); whatever it held is gone. */
  onExit(child: ChildProcess): void;
}

function forkChild<From extends { kind: string }>(options: ForkOptions<From>): ChildProcess {
  const { name, log } = options;
  // No inherited flags: the test runner's or a debugger's do not belong in the child. Detached: it
  // leads a process group of its own, with the ffmpeg runs it starts (endGroup).
  const child = fork(options.entry, [], {
    execArgv: [],
    stdio: ["ignore", "inherit", "inherit", "ipc"],
    detached: true,
  });
  // A fork that fails (EAGAIN, ENOMEM) or a send on a closed channel: logged, never the server's crash.
  child.on("error", (err) => log.error({ err }, `${name}: ${err.message}`));
  child.on("message", (message: From) => {
    if (isRelayedError(message)) log.error(message.context, `${name}: ${message.message}`);
    else options.onMessage(message);
  });
  child.once("exit", (code, signal) => {
    if (code !== 0) log.error({ code, signal }, `${name}: process exited`);
    endGroup(child);
    options.onExit(child);
  });
  return child;
}

/**
 * Ends what a child that died left running in its group: an orphaned ffmpeg would go on writing the
 * playlists that the next process resumes (issue 23 §1.3). A child that stopped as told left nothing.
 */
function endGroup(child: ChildProcess): void {
  try {
    if (child.pid) process.kill(-child.pid, "SIGKILL");
  } catch {
    // ESRCH: nothing was left.
  }
}

/** Disconnects a running child and waits for it to exit (killed after 10 s). */
async function stopChild(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise((resolve) => child.once("exit", resolve));
  if (child.connected) child.disconnect();
  const kill = setTimeout(() => child.kill("SIGKILL"), STOP_TIMEOUT_MS);
  await exited;
  clearTimeout(kill);
}

/**
 * The server's side of one helper process at a time: started by the first `running()`, its messages
 * emitted as "message", its end as "exit" (what it held is gone; the next `running()` starts another).
 */
export class HelperProcess<From extends { kind: string }> extends EventEmitter<{
  message: [From];
  exit: [];
}> {
  private child: ChildProcess | null = null;

  constructor(
    private readonly options: Pick<ForkOptions<From>, "entry" | "name" | "log"> & {
      /** What a new process is told first. */
      onStart?(child: ChildProcess): void;
    },
  ) {
    super();
  }

  /** The process while its channel is open (one whose channel has closed is on its way out). */
  protected get live(): ChildProcess | null {
    return this.child?.connected ? this.child : null;
  }

  /** The live process, or a new one. */
  protected running(): ChildProcess {
    const live = this.live;
    if (live) return live;
    const child = forkChild<From>({
      ...this.options,
      onMessage: (message) => this.emit("message", message),
      onExit: (exited) => {
        if (this.child === exited) this.child = null;
        this.emit("exit");
      },
    });
    this.options.onStart?.(child);
    this.child = child;
    return child;
  }

  /** Its pipelines end their playlists (on disconnect) and it exits (killed after 10 s). */
  async stop(): Promise<void> {
    const child = this.child;
    this.child = null;
    if (child) await stopChild(child);
  }
}
