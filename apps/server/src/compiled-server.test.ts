import { fork } from "node:child_process";
import { once } from "node:events";
import { readdir, readFile } from "node:fs/promises";
import { connect } from "node:net";
import path from "node:path";
import { setTimeout } from "node:timers/promises";
import { Worker } from "node:worker_threads";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { bundleServer, SERVER_DIST } from "../build/bundle";
import { DEMO_EVENTS, DEMO_HOST } from "./features/demo/content";
import { freePort } from "./testing/free-port";
import { listening } from "./testing/rtmp-encoder";
import { ServerProcess } from "./testing/server-process";

/** The command lines of a process's children (/proc: Linux, as the server's deployment). */
async function childCommands(pid: number): Promise<string[]> {
  const tasks = await readdir(`/proc/${pid}/task`);
  const children = (
    await Promise.all(tasks.map((task) => readFile(`/proc/${pid}/task/${task}/children`, "utf8")))
  )
    .join(" ")
    .split(/\s+/)
    .filter(Boolean);
  return Promise.all(
    children.map(async (child) => (await readFile(`/proc/${child}/cmdline`, "utf8")).replaceAll("\0", " ")),
  );
}

describe("the compiled server (npm start)", () => {
  let server: ServerProcess | undefined;
  let rtmpPort = 0;
  beforeAll(async () => {
    await bundleServer();
    rtmpPort = await freePort();
    server = await ServerProcess.create(
      { RTMP_PORT: String(rtmpPort), LOG_LEVEL: "info" },
      { compiled: true },
    );
    await server.start();
  }, 120_000);
  afterAll(() => server?.stop());
  const running = (): ServerProcess => {
    if (!server) throw new Error("server not started");
    return server;
  };

  test("answers, from plain JavaScript, with the demo data", async () => {
    const output = running().output.join("");
    expect(output).toContain(`Demo host sign-in: ${DEMO_HOST.email} / ${DEMO_HOST.password}`);
    const demo = DEMO_EVENTS[0]?.fields ?? { event_code: "", title: "" };
    const page = await fetch(`${running().url}/c/${demo.event_code}`);
    expect(page.status).toBe(200);
    expect(await page.text()).toContain(demo.title);
  });

  test("it listens for encoders, and the first one starts its RTMP ingest process from the build", async () => {
    for (const deadline = Date.now() + 30_000; !(await listening(rtmpPort)); await setTimeout(200)) {
      if (Date.now() > deadline) throw new Error(`no RTMP listener:\n${running().output.join("")}`);
    }
    const encoder = connect(rtmpPort, "127.0.0.1");
    await once(encoder, "connect");
    const entry = path.join(SERVER_DIST, "ingest-entry.mjs");
    let commands = await childCommands(running().pid ?? 0);
    for (
      const deadline = Date.now() + 10_000;
      !commands.some((c) => c.includes(entry));
      await setTimeout(200)
    ) {
      if (Date.now() > deadline) break;
      commands = await childCommands(running().pid ?? 0);
    }
    encoder.destroy();
    expect(commands).toEqual(
      expect.arrayContaining([expect.stringContaining(path.join(SERVER_DIST, "ingest-entry.mjs"))]),
    );
  });

  test("the SDKs of services an embedded server does not use are imported only where they are used", async () => {
    // esbuild hoists every static import of a package to the top of its output: one left in a module
    // would load at start (issue 14 §5: idle memory).
    const onFirstUse = [
      "@aws-sdk/client-s3",
      "@aws-sdk/s3-request-presigner",
      "livekit-server-sdk",
      "openid-client",
      "stripe",
      "ioredis",
      "nodemailer",
      "sharp",
      "playwright-core",
    ];
    for (const output of ["main.js", "ingest-entry.mjs", "media-entry.mjs"]) {
      const code = await readFile(path.join(SERVER_DIST, output), "utf8");
      const imported = [...code.matchAll(/^import\s+(?:[^"';]*?\sfrom\s*)?"([^"]+)";/gm)].map((m) => m[1]);
      expect(imported.length, output).toBeGreaterThan(0);
      expect(
        imported.filter((name) => onFirstUse.includes(name ?? "")),
        output,
      ).toEqual([]);
    }
  });

  test("the media process, the SFU thread and the image thread load from the build", async () => {
    const media = fork(path.join(SERVER_DIST, "media-entry.mjs"), [], { execArgv: [], stdio: "pipe" });
    const mediaExit = new Promise<number | null>((resolve) => media.once("exit", resolve));
    const sfu = new Worker(path.join(SERVER_DIST, "worker.mjs"));
    const sfuError = new Promise<Error>((resolve) => sfu.once("error", resolve));
    const images = new Worker(path.join(SERVER_DIST, "image-entry.mjs"));
    const imagesError = new Promise<Error>((resolve) => images.once("error", resolve));
    // Each waits for its parent's messages: still alive after a while means it loaded.
    const early = await Promise.race([mediaExit, sfuError, imagesError, setTimeout(2_000, "alive" as const)]);
    expect(early).toBe("alive");
    media.disconnect();
    expect(await mediaExit).toBe(0);
    await sfu.terminate();
    await images.terminate();
  });
});
