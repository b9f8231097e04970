import { type ChildProcess, spawn } from "node:child_process";
import { createWriteStream } from "node:fs";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { setTimeout } from "node:timers/promises";
import { fileURLToPath } from "node:url";
import { freePort } from "./free-port";
import { serverOutputRecorder } from "./server-errors";

const REPO_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../../../..");
const MAIN = path.join(REPO_ROOT, "apps/server/src/main.ts");
/** The compiled server `npm start` runs (apps/server/build/bundle.ts writes it). */
const COMPILED_MAIN = path.join(REPO_ROOT, "apps/server/dist/main.js");
const HEALTHY_WITHIN_MS = 60_000;

export const serverOutputFile = (dataDir: string) => path.join(dataDir, "output.log");

/** Should the process that started it die without its teardown, a child dies with it. */
export function killWithUs(child: ChildProcess): void {
  const kill = () => child.kill("SIGKILL");
  process.once("exit", kill);
  child.once("exit", () => process.off("exit", kill));
}

/**
 * A server process on a free port and a fresh DATA_DIR: the multi-node realtime tests, the browser
 * journeys and bench:latency. It runs the TypeScript sources through tsx (`node --import tsx
 * apps/server/src/main.ts`, no build needed), or with `compiled` the build `npm start` runs
 * (`node apps/server/dist/main.js`).
 */
export class ServerProcess {
  private child: ChildProcess | null = null;
  readonly output: string[] = [];

  private constructor(
    readonly port: number,
    /** The server's DATA_DIR (its files/ are served at /files/). */
    readonly dataDir: string,
    private readonly env: NodeJS.ProcessEnv,
    private readonly compiled: boolean,
  ) {}

  /**
   * A process not started yet: the caller keeps it first, so its teardown can stop it. `env` adds to or
   * overrides the defaults (PUBLIC_URL: its own URL; the configuration's defaults for the rest).
   */
  static async create(
    env: NodeJS.ProcessEnv = {},
    options: { compiled?: boolean } = {},
  ): Promise<ServerProcess> {
    const port = await freePort();
    const dataDir = await mkdtemp(path.join(tmpdir(), "onstage-server-"));
    return new ServerProcess(
      port,
      dataDir,
      {
        ...process.env,
        HOST: "127.0.0.1",
        PORT: String(port),
        PUBLIC_URL: `http://127.0.0.1:${port}`,
        DATA_DIR: dataDir,
        LOG_LEVEL: "warn",
        // Its own RTMP port on loopback: several servers (and machines' other users) never clash on 1935.
        RTMP_HOST: "127.0.0.1",
        RTMP_PORT: String(await freePort()),
        ...env,
      },
      options.compiled ?? false,
    );
  }

  /** The running process's id (its memory and child processes are read from /proc). */
  get pid(): number | undefined {
    return this.child?.pid;
  }

  /** Everything it printed, for readers in other processes (the e2e suites' error check). */
  get outputFile(): string {
    return serverOutputFile(this.dataDir);
  }

  get url(): string {
    return `http://127.0.0.1:${this.port}`;
  }

  /**
   * Starts the process (again, on the same port) and waits until it answers /api/health. `more` is
   * configuration known only once the URL is (a sign-in provider that sends the browser back to it).
   */
  async start(more: NodeJS.ProcessEnv = {}): Promise<void> {
    Object.assign(this.env, more);
    const args = this.compiled ? [COMPILED_MAIN] : ["--import", "tsx", MAIN];
    const child = spawn(process.execPath, args, { cwd: REPO_ROOT, env: this.env });
    this.child = child;
    killWithUs(child);
    const log = createWriteStream(this.outputFile, { flags: "a" });
    const record = serverOutputRecorder();
    const keep = (chunk: Buffer) => {
      const text = chunk.toString();
      this.output.push(text);
      log.write(text);
      record(text);
    };
    child.stdout?.on("data", keep);
    child.stderr?.on("data", keep);
    child.once("exit", () => log.end());
    for (const deadline = Date.now() + HEALTHY_WITHIN_MS; Date.now() < deadline; await setTimeout(200)) {
      if (child.exitCode !== null) throw new Error(`the server exited early:\n${this.output.join("")}`);
      const healthy = await fetch(`${this.url}/api/health`).then(
        (res) => res.ok,
        () => false,
      );
      if (healthy) return;
    }
    throw new Error(`the server did not become healthy:\n${this.output.join("")}`);
  }

  /** SIGKILL: no shutdown hook runs, exactly like a crash. */
  async kill(signal: NodeJS.Signals = "SIGKILL"): Promise<void> {
    const child = this.child;
    if (!child || child.exitCode !== null || child.signalCode !== null) return;
    const exited = new Promise((resolve) => child.once("exit", resolve));
    child.kill(signal);
    await exited;
  }

  /** Shuts down as a deployment would (SIGTERM), then its data directory goes. */
  async stop(): Promise<void> {
    await this.kill("SIGTERM");
    await rm(this.dataDir, { recursive: true, force: true });
  }
}
