import { type ChildProcess, fork } from "node:child_process";
import { EventEmitter } from "node:events";
import type { IncomingMessage } from "node:http";
import type { Socket } from "node:net";
import { fileURLToPath } from "node:url";
import type { FastifyBaseLogger } from "fastify";
import type { FromMedia, ToMedia } from "./media-protocol";

// The server's side of its media process (media-child.ts): started with the first compositor, handed
// each admitted compositor's socket, told what to do with it. If it dies, its sockets and pipelines die
// with it ("exit"): the compositors reconnect and the next one starts a new process.

interface MediaEvents {
  message: [FromMedia];
  /** The process ended; what it held is gone. */
  exit: [];
}

const ENTRY = fileURLToPath(new URL("./media-entry.mjs", import.meta.url));

export class MediaProcess extends EventEmitter<MediaEvents> {
  private child: ChildProcess | null = null;
  private nextConnectionId = 1;

  constructor(private readonly log: FastifyBaseLogger) {
    super();
  }

  private running(): ChildProcess {
    if (this.child) return this.child;
    // No inherited flags: the test runner's or a debugger's do not belong in the media process.
    const child = fork(ENTRY, [], { execArgv: [], stdio: ["ignore", "inherit", "inherit", "ipc"] });
    child.on("message", (message: FromMedia) => {
      if (message.kind === "error") this.log.error(message.context, `media process: ${message.message}`);
      else this.emit("message", message);
    });
    child.once("exit", (code, signal) => {
      if (this.child === child) this.child = null;
      if (code !== 0) this.log.error({ code, signal }, "media process: exited");
      this.emit("exit");
    });
    this.child = child;
    return child;
  }

  /** False when the message is moot: no process holds what it is about (only "open" starts one). */
  send(message: ToMedia): boolean {
    if (message.kind !== "open" && !this.child) return false;
    this.running().send(message);
    return true;
  }

  /** Gives the upgrade's socket to the media process; its messages name the returned connection. */
  handOver(req: IncomingMessage, socket: Socket, head: Buffer): number {
    const connectionId = this.nextConnectionId++;
    const message: ToMedia = {
      kind: "upgrade",
      connectionId,
      method: req.method ?? "GET",
      url: req.url ?? "/",
      headers: req.headers,
      head: head.toString("base64"),
    };
    this.running().send(message, socket);
    return connectionId;
  }

  /**
   * The pipelines end their playlists (on disconnect) and the process exits. Only after the HTTP
   * server closed: Node's net.Server never finishes closing once a process it handed sockets to has
   * exited (it drops that process's socket list on exit but still waits for it). main.ts bounds the
   * shutdown for a media process that died on its own.
   */
  async stop(): Promise<void> {
    const child = this.child;
    if (!child) return;
    const exited = new Promise((resolve) => child.once("exit", resolve));
    child.disconnect();
    const kill = setTimeout(() => child.kill("SIGKILL"), 10_000);
    await exited;
    clearTimeout(kill);
  }
}
