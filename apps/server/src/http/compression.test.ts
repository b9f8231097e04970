import { randomUUID } from "node:crypto";
import { mkdir, rm, writeFile } from "node:fs/promises";
import { request } from "node:http";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from "node:zlib";
import { afterAll, beforeAll, expect, test } from "vitest";
import { useTestApp } from "../testing/app";
import { describeOnPostgres } from "../testing/databases";
import { given } from "../testing/given";

const SCRIPT = `export const greeting = ${JSON.stringify("hello from the build ".repeat(400))};\n`;
const MANIFEST = `{"name":"Onstage","short_name":"Onstage","start_url":"/","display":"standalone"}\n`;
const FAVICON = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 1 1"><rect width="1" height="1"/></svg>\n`;
// Long enough that a page made from it passes the compression threshold.
const TEMPLATE = `<!doctype html><html><head><!--onstage-head--></head><body>
<div id="root"><!--onstage-body--></div><p hidden>${"padding ".repeat(150)}</p></body></html>`;

/** A web build as apps/web's `vite build` leaves it: the assets with their .br and .gz copies. */
async function writeWebBuild(dist: string): Promise<void> {
  await mkdir(path.join(dist, "assets"), { recursive: true });
  await writeFile(path.join(dist, "index.html"), TEMPLATE);
  await writeFile(path.join(dist, "assets/app-abc123.js"), SCRIPT);
  await writeFile(path.join(dist, "assets/app-abc123.js.br"), brotliCompressSync(SCRIPT));
  await writeFile(path.join(dist, "assets/app-abc123.js.gz"), gzipSync(SCRIPT));
  await writeFile(path.join(dist, "favicon.svg"), FAVICON);
  await writeFile(path.join(dist, "manifest.webmanifest"), MANIFEST);
}

interface RawAnswer {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  /** The bytes on the wire, not decoded. */
  body: Buffer;
}

/** Plain node:http: the bytes as sent, with only the headers given (fetch would add and decode). */
function get(base: string, url: string, headers: Record<string, string> = {}): Promise<RawAnswer> {
  return new Promise((resolve, reject) => {
    request(new URL(url, base), { headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on("data", (chunk: Buffer) => chunks.push(chunk));
      res.on("end", () =>
        resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }),
      );
    })
      .on("error", reject)
      .end();
  });
}

const decode = (answer: RawAnswer): string => {
  const encoding = answer.headers["content-encoding"];
  if (encoding === "br") return brotliDecompressSync(answer.body).toString();
  if (encoding === "gzip") return gunzipSync(answer.body).toString();
  return answer.body.toString();
};

const BROWSER = "gzip, deflate, br, zstd";

describeOnPostgres("compressed answers", (use) => {
  const dist = path.join(tmpdir(), `onstage-web-${randomUUID()}`);
  // Before the app is built (hooks run in order): the app reads the build when it starts.
  beforeAll(() => writeWebBuild(dist));
  afterAll(() => rm(dist, { recursive: true, force: true }));
  const app = useTestApp(use, { webDist: dist });
  let base = "";
  beforeAll(async () => {
    const g = given(use());
    await g.event(await g.channel(), { event_code: "compressed", title: "Compressed Event" });
    await app().server.listen({ host: "127.0.0.1", port: 0 });
    base = `http://127.0.0.1:${(app().server.server.address() as AddressInfo).port}`;
  });

  const ASSET = "/assets/app-abc123.js";
  test.each([
    { case: "a browser", accept: BROWSER, want: "br" },
    { case: "gzip only", accept: "gzip", want: "gzip" },
    { case: "gzip preferred by weight", accept: "br;q=0.5, gzip", want: "gzip" },
    { case: "identity only", accept: "identity", want: undefined },
  ])("a built asset for $case is sent as $want, the build's own copy", async ({ accept, want }) => {
    const res = await get(base, ASSET, { "accept-encoding": accept });
    expect(res.status).toBe(200);
    expect(res.headers["content-encoding"]).toBe(want);
    expect(res.headers["content-type"]).toMatch(/^(text|application)\/javascript/);
    expect(res.headers.vary).toMatch(/accept-encoding/i);
    expect(res.headers["cache-control"]).toContain("immutable");
    expect(decode(res)).toBe(SCRIPT);
    if (want === "br") expect(res.body).toEqual(brotliCompressSync(SCRIPT));
  });

  test.each([
    { case: "a browser", accept: BROWSER, want: "br" },
    { case: "gzip only", accept: "gzip", want: "gzip" },
    { case: "identity only", accept: "identity", want: undefined },
  ])("an HTML page and a JSON answer for $case are sent as $want", async ({ accept, want }) => {
    for (const url of ["/c/compressed", "/api/docs/json"]) {
      const res = await get(base, url, { "accept-encoding": accept });
      expect(res.status, url).toBe(200);
      expect(res.headers["content-encoding"], url).toBe(want);
      if (want) expect(res.headers.vary, url).toMatch(/accept-encoding/i);
      expect(res.headers["x-request-id"], url).toBeTruthy();
      const text = decode(res);
      if (url.startsWith("/c/")) expect(text).toContain("<h1>Compressed Event</h1>");
      else expect(JSON.parse(text)).toHaveProperty("openapi");
    }
  });

  test("a client that sends no Accept-Encoding gets plain bytes", async () => {
    for (const url of [ASSET, "/c/compressed", "/api/docs/json"]) {
      const res = await get(base, url);
      expect(res.status, url).toBe(200);
      expect(res.headers["content-encoding"], url).toBeUndefined();
    }
    expect((await get(base, ASSET)).body.toString()).toBe(SCRIPT);
  });

  test("a small answer is not compressed", async () => {
    const res = await get(base, "/api/health", { "accept-encoding": BROWSER });
    expect(res.status).toBe(200);
    expect(res.headers["content-encoding"]).toBeUndefined();
    expect(JSON.parse(res.body.toString())).toHaveProperty("status");
  });

  test.each([
    { file: "/favicon.svg", type: "image/svg+xml", body: FAVICON },
    { file: "/manifest.webmanifest", type: "application/manifest+json", body: MANIFEST },
  ])("$file is the build's file with its type, not the app's page", async ({ file, type, body }) => {
    const res = await get(base, file, { "accept-encoding": BROWSER });
    expect(res.status).toBe(200);
    expect(res.headers["content-type"]).toMatch(new RegExp(`^${type.replace("+", "\\+")}`));
    expect(res.headers["cache-control"]).toBe("public, max-age=3600");
    expect(decode(res)).toBe(body);
  });

  test("a root file the build does not have is 404, not the app's page", async () => {
    for (const file of ["/favicon.ico", "/index.html", "/robots.txt"]) {
      const res = await get(base, file);
      expect(res.status, file).toBe(404);
      expect(res.headers["content-type"], file).not.toMatch(/text\/html/);
    }
    // Pages are still the app.
    expect((await get(base, "/dashboard")).headers["content-type"]).toMatch(/text\/html/);
  });
});
