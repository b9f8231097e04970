import type { ChildProcess } from "node:child_process";
import { EventEmitter } from "node:events";
import { createServer, type Server, type Socket } from "node:net";
import { fileURLToPath } from "node:url";
import type { FastifyBaseLogger } from "fastify";
import { forkChild, stopChild } from "../../platform/child-process/forked";
import type { FromIngest, ToIngest } from "./ingest-protocol";

// The server's side of its RTMP ingest process (ingest-child.ts). The server holds the RTMP listener and
// starts the process with the first encoder that connects (an idle server does not pay its ~65 MB,
// issue 14 §5), handing it each connection before a byte is read. If it dies, its encoders and ffmpeg
// runs die with it ("exit"): the encoders reconnect (OBS does by itself) and start the next one.

interface IngestProcessEvents {
  message: [FromIngest];
  exit: [];
}

const ENTRY = fileURLToPath(new URL("./ingest-entry.mjs", import.meta.url));

export class IngestProcess extends EventEmitter<IngestProcessEvents> {
  private child: ChildProcess | null = null;
  private listener: Server | null = null;

  constructor(
    private readonly log: FastifyBaseLogger,
    private readonly ffmpegPath: string,
  ) {
    super();
  }

  /** Listens for encoders; a port clash is logged and leaves the server running. */
  listen(host: string, port: number): void {
    const listener = createServer({ pauseOnConnect: true }, (socket) => this.handOver(socket));
    listener.on("error", (err) => this.log.error(`RTMP ingest: port ${port} unavailable (${err.message})`));
    listener.listen(port, host, () => this.log.info(`RTMP ingest listening on ${host}:${port}`));
    this.listener = listener;
  }

  send(message: ToIngest): void {
    if (this.child?.connected) this.child.send(message);
  }

  /** No new encoders; the process's pipelines end their playlists and it exits (killed after 10 s). */
  async stop(): Promise<void> {
    this.listener?.close();
    this.listener = null;
    const child = this.child;
    if (!child) return;
    this.child = null;
    await stopChild(child);
  }

  private handOver(socket: Socket): void {
    // A process whose channel has closed is on its way out: the encoder goes to a new one.
    const child = this.child?.connected ? this.child : this.startChild();
    // The handle goes to the process, closed here once sent (keepOpen false).
    child.send({ kind: "connection" } satisfies ToIngest, socket, (err) => {
      if (err) socket.destroy();
    });
  }

  private startChild(): ChildProcess {
    const child = forkChild<FromIngest>({
      entry: ENTRY,
      name: "rtmp ingest",
      log: this.log,
      onMessage: (message) => this.emit("message", message),
      onExit: (exited) => {
        if (this.child === exited) this.child = null;
        this.emit("exit");
      },
    });
    child.send({ kind: "configure", ffmpegPath: this.ffmpegPath } satisfies ToIngest);
    this.child = child;
    return child;
  }
}
