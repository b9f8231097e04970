import { type ChildProcess, fork } from "node:child_process";
import { EventEmitter } from "node:events";
import type { Socket } from "node:net";
import type { FastifyBaseLogger } from "fastify";

// A helper process of the server (the RTMP ingest, the media process): forked from its entry when first
// needed, told nothing until it says it is ready, its relayed errors written to the server's log, its end
// told to its owner. It is stopped by disconnecting: it ends its playlists and exits.

/** How long a process told to stop may take to end its playlists before it is killed. */
const STOP_TIMEOUT_MS = 10_000;

/** What every child may send besides its own messages: an error for the server's log (relayedLog). */
interface RelayedError {
  kind: "error";
  context: Record<string, string>;
  message: string;
}

const isRelayedError = (message: { kind: string }): message is RelayedError => message.kind === "error";

/** The child's last line of setup: its handlers (and its sockets' error listeners) are in place. */
export const READY = { kind: "ready" } as const;

/**
 * A child's message to the server. Once the server has gone (its channel closed, or the pipe broken
 * while it shuts down) the message goes nowhere: unheard, the send's EPIPE would end the child with its
 * playlists unended (seen on Node 24). The 'disconnect' that follows ends the child as it should.
 */
export function toServer(message: { kind: string }): void {
  if (process.connected) process.send?.(message, undefined, {}, () => undefined);
}

export interface ForkOptions<From> {
  /** The .mjs entry (it loads the TypeScript through tsx in development; the build compiles it). */
  entry: string;
  /** Its log lines' prefix: "rtmp ingest", "media process". */
  name: string;
  log: FastifyBaseLogger;
  /** Its own messages (never an error: those go to the log). */
  onMessage(message: From): void;
  onReady(): void;
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
    else if (message.kind === READY.kind) options.onReady();
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
 * The server's side of one helper process at a time: started by the first message delivered, its
 * messages emitted as "message", its end as "exit" (what it held is gone; the next delivery starts
 * another).
 */
export class HelperProcess<From extends { kind: string }, To extends { kind: string }> extends EventEmitter<{
  message: [From];
  exit: [];
}> {
  private child: ChildProcess | null = null;
  /** The process that said it is ready, and what waits for a new one to say it (in order). */
  private listening: ChildProcess | null = null;
  private waiting: { message: To; handle?: Socket }[] = [];

  constructor(
    private readonly options: Pick<ForkOptions<From>, "entry" | "name" | "log"> & {
      /** What a new process is told first. */
      first?: To;
    },
  ) {
    super();
  }

  /** The process while its channel is open (one whose channel has closed is on its way out). */
  protected get live(): ChildProcess | null {
    return this.child?.connected ? this.child : null;
  }

  /**
   * Sends to the live process, or a new one. Node creates a handed-over socket as it arrives, while a
   * new process is still loading its code: with no error listener yet, a client's reset would end the
   * process (issue 23 §1.3). So until it says it is ready, what it is sent waits here.
   */
  protected deliver(message: To, handle?: Socket): void {
    const child = this.running();
    if (child !== this.listening) {
      this.waiting.push({ message, handle });
      return;
    }
    // A send that fails (the process is on its way out): the handle is closed here, never leaked.
    child.send(message, handle, (err) => {
      if (err) handle?.destroy();
    });
  }

  private running(): ChildProcess {
    const live = this.live;
    if (live) return live;
    const child = forkChild<From>({
      ...this.options,
      onMessage: (message) => this.emit("message", message),
      onReady: () => this.listens(child),
      onExit: (exited) => {
        if (this.child === exited) {
          this.child = null;
          for (const { handle } of this.waiting) handle?.destroy();
          this.waiting = [];
        }
        this.emit("exit");
      },
    });
    this.child = child;
    this.waiting = this.options.first ? [{ message: this.options.first }] : [];
    return child;
  }

  private listens(child: ChildProcess): void {
    if (child !== this.child) return;
    this.listening = child;
    const waiting = this.waiting;
    this.waiting = [];
    for (const { message, handle } of waiting) this.deliver(message, handle);
  }

  /** Its pipelines end their playlists (on disconnect) and it exits (killed after 10 s). */
  async stop(): Promise<void> {
    const child = this.child;
    this.child = null;
    for (const { handle } of this.waiting) handle?.destroy();
    this.waiting = [];
    if (child) await stopChild(child);
  }
}
