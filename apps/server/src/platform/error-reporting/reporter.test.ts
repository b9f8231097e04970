import { createServer, type IncomingMessage } from "node:http";
import type { AddressInfo } from "node:net";
import { gunzipSync } from "node:zlib";
import { afterAll, beforeAll, expect, test } from "vitest";
import { buildApp } from "../../app";
import { testFilesDir } from "../../testing/app";
import { expectServerError, serverErrorLog } from "../../testing/server-errors";
import { openDatabase } from "../database";
import { sentryErrorReporter } from "./reporter";

// A stand-in for Sentry's ingest endpoint on loopback: the real SDK posts its envelopes here.
const envelopes: string[] = [];
const ingest = createServer((req: IncomingMessage, res) => {
  const chunks: Buffer[] = [];
  req.on("data", (c: Buffer) => chunks.push(c));
  req.on("end", () => {
    const body = Buffer.concat(chunks);
    envelopes.push((req.headers["content-encoding"] === "gzip" ? gunzipSync(body) : body).toString("utf8"));
    res.writeHead(200, { "content-type": "application/json" }).end("{}");
  });
});
let dsn = "";
beforeAll(async () => {
  await new Promise<void>((resolve) => ingest.listen(0, "127.0.0.1", resolve));
  dsn = `http://publickey@127.0.0.1:${(ingest.address() as AddressInfo).port}/42`;
});
afterAll(() => new Promise<void>((resolve) => ingest.close(() => resolve())));

const silentLog = { error: () => undefined } as never;

test("with SENTRY_DSN an unexpected error reaches Sentry through the official SDK", async () => {
  const reporter = await sentryErrorReporter(dsn, "test", silentLog);
  reporter.report(new Error("the projector caught fire"), { requestId: "req-7" });
  await reporter.flush();
  const sent = envelopes.join("\n");
  expect(sent).toContain("the projector caught fire");
  expect(sent).toContain("req-7");
});

test("an unexpected failure is a 500 that leaks neither stack nor SQL", async () => {
  const db = await openDatabase({});
  const { server } = await buildApp({
    db,
    publicUrl: "http://t.test",
    webDist: "/nonexistent",
    filesDir: await testFilesDir(),
    logger: serverErrorLog(),
  });
  expectServerError(/unexpected error/);
  await db.close();
  const res = await server.inject({ method: "GET", url: "/api/events/upcoming" });
  expect(res.statusCode).toBe(500);
  expect(res.json()).toEqual({ error: { code: "internal", message: "Something went wrong" } });
  await server.close();
});
