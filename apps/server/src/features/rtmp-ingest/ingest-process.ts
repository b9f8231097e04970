import { type ChildProcess, fork } from "node:child_process";
import { EventEmitter } from "node:events";
import { fileURLToPath } from "node:url";
import type { FastifyBaseLogger } from "fastify";
import type { FromIngest, ToIngest } from "./ingest-protocol";

// The server's side of its RTMP ingest process (ingest-child.ts): started with the feature, told the
// verdicts and targets. If it dies, its encoders and ffmpeg runs die with it ("exit"): the encoders
// reconnect (OBS does by itself) to the one started in its place.

interface IngestProcessEvents {
  message: [FromIngest];
  exit: [];
}

const ENTRY = fileURLToPath(new URL("./ingest-entry.mjs", import.meta.url));

export class IngestProcess extends EventEmitter<IngestProcessEvents> {
  private child: ChildProcess | null = null;

  constructor(private readonly log: FastifyBaseLogger) {
    super();
  }

  start(): void {
    // No inherited flags: the test runner's or a debugger's do not belong in the ingest process.
    const child = fork(ENTRY, [], { execArgv: [], stdio: ["ignore", "inherit", "inherit", "ipc"] });
    child.on("message", (message: FromIngest) => {
      if (message.kind === "error") this.log.error(message.context, `rtmp ingest: ${message.message}`);
      else this.emit("message", message);
    });
    child.once("exit", (code, signal) => {
      if (this.child === child) this.child = null;
      if (code !== 0) this.log.error({ code, signal }, "rtmp ingest: process exited");
      this.emit("exit");
    });
    this.child = child;
  }

  send(message: ToIngest): void {
    if (this.child?.connected) this.child.send(message);
  }

  /** Its pipelines end their playlists and it exits (killed after 10 s). */
  async stop(): Promise<void> {
    const child = this.child;
    if (!child) return;
    this.child = null;
    const exited = new Promise((resolve) => child.once("exit", resolve));
    if (child.connected) child.disconnect();
    const kill = setTimeout(() => child.kill("SIGKILL"), 10_000);
    await exited;
    clearTimeout(kill);
  }
}
