import { type ChildProcess, spawn } from "node:child_process";
import { existsSync } from "node:fs";
import { mkdtemp, readFile, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { setTimeout } from "node:timers/promises";
import { freePort } from "../apps/server/src/testing/free-port";
import { killWithUs } from "../apps/server/src/testing/server-process";

// Issue 14: the compiled server's (`npm start`'s) cold start and idle memory on an existing data
// directory. The first start creates the directory, migrates and seeds the demo data, and is not
// counted; then 5 starts, each timed from spawn to the first 200 of /api/health, and its resident memory
// (with the child processes it started: the RTMP ingest, when ffmpeg is there) read once it has
// settled. Needs `npm run build` (apps/server/dist/main.js).
const STARTS = 5;
const SETTLE_MS = 5_000;
const REPO_ROOT = path.resolve(import.meta.dirname, "..");
const MAIN = path.join(REPO_ROOT, "apps/server/dist/main.js");

/** Resident memory in MB of a process and every process below it. */
async function treeRssMb(pid: number): Promise<{ own: number; children: number }> {
  const rss = async (id: string) => {
    const status = await readFile(`/proc/${id}/status`, "utf8").catch(() => "");
    return Number(status.match(/VmRSS:\s+(\d+)/)?.[1] ?? 0) / 1024;
  };
  const below = async (id: string): Promise<string[]> => {
    const direct = (await readFile(`/proc/${id}/task/${id}/children`, "utf8").catch(() => ""))
      .split(/\s+/)
      .filter(Boolean);
    return [...direct, ...(await Promise.all(direct.map(below))).flat()];
  };
  const children = await Promise.all((await below(String(pid))).map(rss));
  return { own: await rss(String(pid)), children: children.reduce((a, b) => a + b, 0) };
}

async function stop(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null) return;
  const exited = new Promise((resolve) => child.once("exit", resolve));
  child.kill("SIGTERM");
  await exited;
}

/** Starts the server; resolves with the milliseconds to its first 200 and the running process. */
async function start(env: NodeJS.ProcessEnv): Promise<{ ms: number; child: ChildProcess }> {
  const started = performance.now();
  const child = spawn(process.execPath, [MAIN], {
    cwd: REPO_ROOT,
    env,
    stdio: ["ignore", "ignore", "inherit"],
  });
  killWithUs(child);
  for (;;) {
    if (child.exitCode !== null) throw new Error(`the server exited with ${child.exitCode}`);
    const ok = await fetch(`http://127.0.0.1:${env.PORT}/api/health`).then(
      (res) => res.ok,
      () => false,
    );
    if (ok) return { ms: performance.now() - started, child };
    await setTimeout(10);
  }
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? 0;

if (!existsSync(MAIN)) throw new Error("apps/server/dist/main.js is missing: run `npm run build` first");
const dataDir = await mkdtemp(path.join(tmpdir(), "onstage-start-bench-"));
const env = {
  ...process.env,
  HOST: "127.0.0.1",
  PORT: String(await freePort()),
  DATA_DIR: dataDir,
  LOG_LEVEL: "warn",
  RTMP_HOST: "127.0.0.1",
  RTMP_PORT: String(await freePort()),
};
try {
  const first = await start(env);
  console.log(`first start (creates the data directory, not counted): ${Math.round(first.ms)} ms`);
  // Settled like the others: its RTMP ingest process has started before the server stops.
  await setTimeout(SETTLE_MS);
  await stop(first.child);
  const times: number[] = [];
  const own: number[] = [];
  const total: number[] = [];
  for (let i = 0; i < STARTS; i++) {
    const { ms, child } = await start(env);
    await setTimeout(SETTLE_MS);
    const rss = await treeRssMb(child.pid ?? 0);
    await stop(child);
    times.push(ms);
    own.push(rss.own);
    total.push(rss.own + rss.children);
    console.log(
      `start ${i + 1}: ${Math.round(ms)} ms, ${Math.round(rss.own)} MB + ${Math.round(rss.children)} MB children`,
    );
  }
  console.log(`cold start: ${Math.round(median(times))} ms`);
  console.log(
    `idle RSS: ${Math.round(median(own))} MB (server process), ${Math.round(median(total))} MB with its children`,
  );
  console.log(`embedded_server_idle_rss: ${Math.round(median(total))} MB`);
} finally {
  await rm(dataDir, { recursive: true, force: true });
}
