import type { ChildProcess } from "node:child_process";
import type { IncomingMessage } from "node:http";
import type { Socket } from "node:net";
import { fileURLToPath } from "node:url";
import type { FastifyBaseLogger } from "fastify";
import { HelperProcess } from "../../platform/child-process/forked";
import type { FromMedia, ToMedia } from "./media-protocol";

// The server's side of its media process (media-child.ts): started with the first compositor, handed
// each admitted compositor's socket, told what to do with it. If it dies, its sockets and pipelines die
// with it ("exit"): its owner (feeds.ts) reopens the feeds in a new one, and the compositors reconnect.

const ENTRY = fileURLToPath(new URL("./media-entry.mjs", import.meta.url));

/**
 * Stopped only after the HTTP server closed: Node's net.Server never finishes closing once a process it
 * handed sockets to has exited (it drops that process's socket list on exit but still waits for it).
 * main.ts bounds the shutdown for a media process that died on its own.
 */
export class MediaProcess extends HelperProcess<FromMedia> {
  private nextConnectionId = 1;
  /** The process that said "ready", and what waits for a new one to say it (in order). */
  private listening: ChildProcess | null = null;
  private waiting: { message: ToMedia; socket?: Socket }[] = [];

  constructor(log: FastifyBaseLogger) {
    super({ entry: ENTRY, name: "media process", log });
    this.on("message", (message) => {
      if (message.kind === "ready") this.listens();
    });
    // Registered before the owner's "exit" listener: what it sends a new process waits for that one.
    this.on("exit", () => {
      for (const { socket } of this.waiting) socket?.destroy();
      this.waiting = [];
    });
  }

  /** False when the message is moot: no process holds what it is about (only "open" starts one). */
  send(message: ToMedia): boolean {
    if (message.kind !== "open" && !this.live) return false;
    this.deliver(message);
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
    this.deliver(message, socket);
    return connectionId;
  }

  /**
   * Node creates a handed-over socket as it arrives, while a new process is still loading
   * media-child.ts: with no error listener yet, a client's reset would end the process. So until it
   * says "ready", its messages wait here (issue 23 §1.3).
   */
  private deliver(message: ToMedia, socket?: Socket): void {
    const child = this.running();
    if (child === this.listening) child.send(message, socket);
    else this.waiting.push({ message, socket });
  }

  private listens(): void {
    this.listening = this.live;
    const waiting = this.waiting;
    this.waiting = [];
    for (const { message, socket } of waiting) this.listening?.send(message, socket);
  }
}
