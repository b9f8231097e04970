import { createServer, type Server, type Socket } from "node:net";
import { fileURLToPath } from "node:url";
import type { FastifyBaseLogger } from "fastify";
import { HelperProcess } from "../../platform/child-process/forked";
import type { FromIngest, ToIngest } from "./ingest-protocol";

// The server's side of its RTMP ingest process (ingest-child.ts). The server holds the RTMP listener and
// starts the process with the first encoder that connects (an idle server does not pay its ~65 MB,
// issue 14 §5), handing it each connection before a byte is read. If it dies, its encoders and ffmpeg
// runs die with it ("exit"): the encoders reconnect (OBS does by itself) and start the next one.

const ENTRY = fileURLToPath(new URL("./ingest-entry.mjs", import.meta.url));

export class IngestProcess extends HelperProcess<FromIngest, ToIngest> {
  private listener: Server | null = null;

  constructor(
    private readonly log: FastifyBaseLogger,
    ffmpegPath: string,
  ) {
    super({
      entry: ENTRY,
      name: "rtmp ingest",
      log,
      first: { kind: "configure", ffmpegPath },
    });
  }

  /** Listens for encoders; a port clash is logged and leaves the server running. */
  listen(host: string, port: number): void {
    const listener = createServer({ pauseOnConnect: true }, (socket) => this.handOver(socket));
    listener.on("error", (err) => this.log.error(`RTMP ingest: port ${port} unavailable (${err.message})`));
    listener.listen(port, host, () => this.log.info(`RTMP ingest listening on ${host}:${port}`));
    this.listener = listener;
  }

  /** Moot without a process: nothing there holds what it is about. */
  send(message: ToIngest): void {
    if (this.live) this.deliver(message);
  }

  /** No new encoders; the process's pipelines end their playlists and it exits (killed after 10 s). */
  override async stop(): Promise<void> {
    this.listener?.close();
    this.listener = null;
    await super.stop();
  }

  private handOver(socket: Socket): void {
    // The handle goes to the process, closed here once sent (keepOpen false).
    this.deliver({ kind: "connection" }, socket);
  }
}
