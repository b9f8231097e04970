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
export class MediaProcess extends HelperProcess<FromMedia, ToMedia> {
  private nextConnectionId = 1;

  constructor(log: FastifyBaseLogger) {
    super({ entry: ENTRY, name: "media process", log });
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
    this.deliver(
      {
        kind: "upgrade",
        connectionId,
        method: req.method ?? "GET",
        url: req.url ?? "/",
        headers: req.headers,
        head: head.toString("base64"),
      },
      socket,
    );
    return connectionId;
  }
}
