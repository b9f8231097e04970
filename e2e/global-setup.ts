import { type ChildProcess, spawn } from "node:child_process";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import type { TestProject } from "vitest/node";
import { freePort } from "../apps/server/src/testing/free-port";
import { startGoogleStandIn } from "./support/oidc-provider";

const REPO_ROOT = path.resolve(import.meta.dirname, "..");

declare module "vitest" {
  export interface ProvidedContext {
    baseUrl: string;
    /** The server's DATA_DIR: tests may put media under its files/ (served at /files/). */
    dataDir: string;
  }
}

async function waitForHealth(url: string, server: ChildProcess, output: () => string): Promise<void> {
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    if (server.exitCode !== null) throw new Error(`server exited early:\n${output()}`);
    try {
      if ((await fetch(`${url}/api/health`)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`server did not become healthy:\n${output()}`);
}

/**
 * Starts the real server, as `npm start` does, on a fresh data directory with the demo data and the
 * built web app (npm test builds it first), and hands its URL to the browser tests.
 */
export default async function setup(project: TestProject) {
  const dataDir = await mkdtemp(path.join(tmpdir(), "onstage-e2e-"));
  const port = await freePort();
  const baseUrl = `http://127.0.0.1:${port}`;
  // Sign in with Google goes to a provider on this machine; it must be up before the server reads its env.
  const google = await startGoogleStandIn(baseUrl);
  let log = "";
  const server = spawn(process.execPath, ["--import", "tsx", "apps/server/src/main.ts"], {
    cwd: REPO_ROOT,
    env: {
      ...process.env,
      PORT: String(port),
      DATA_DIR: dataDir,
      PUBLIC_URL: baseUrl,
      LOG_LEVEL: "warn",
      DATABASE_URL: "",
      ...google.env,
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  server.stdout?.on("data", (chunk) => (log += chunk));
  server.stderr?.on("data", (chunk) => (log += chunk));
  await waitForHealth(baseUrl, server, () => log);
  project.provide("baseUrl", baseUrl);
  project.provide("dataDir", dataDir);

  return async () => {
    server.kill("SIGTERM");
    await new Promise((r) => server.once("exit", r));
    await google.close();
    await rm(dataDir, { recursive: true, force: true });
  };
}
