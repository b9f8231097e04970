import { CLIENT_ERROR_REPORTS_PER_ADDRESS_PER_MINUTE } from "@onstage/domain";
import { afterAll, beforeAll, expect, test } from "vitest";
import type { App } from "../../app";
import { buildTestApp } from "../../testing/app";
import { TestClient } from "../../testing/client";
import { describeOnPglite } from "../../testing/databases";

// Issue 29 §4: the web app's failures reach the server's log (no SENTRY_DSN) without personal data.

describeOnPglite("POST /api/client-errors and GET /api/client-config", (use) => {
  const lines: { level: number; msg: string; clientError?: Record<string, unknown> }[] = [];
  let app: App;
  let sentryApp: App;
  beforeAll(async () => {
    app = await buildTestApp(use(), {
      logger: { level: "warn", stream: { write: (line: string) => void lines.push(JSON.parse(line)) } },
    });
    sentryApp = await buildTestApp(use(), {
      sentryDsn: "https://public@sentry.example.test/42",
      environment: "staging",
    });
  });
  afterAll(async () => {
    await app.server.close();
    await sentryApp.server.close();
  });
  const clients = new Map<string, TestClient>();
  /** A visitor's page at `address` (no sign-in needed: a visitor's page fails too). */
  const post = (payload: unknown, address = "203.0.113.7") => {
    const client = clients.get(address) ?? new TestClient(app.server, address);
    clients.set(address, client);
    return client.post("/api/client-errors", payload);
  };

  test("the page learns where to report: this server, or Sentry's DSN (and the CSP lets it connect there)", async () => {
    const local = await app.server.inject({ method: "GET", url: "/api/client-config" });
    expect(local.json()).toEqual({ sentryDsn: null, environment: "development" });
    const sentry = await sentryApp.server.inject({ method: "GET", url: "/api/client-config" });
    expect(sentry.json()).toEqual({
      sentryDsn: "https://public@sentry.example.test/42",
      environment: "staging",
    });
    expect(String(sentry.headers["content-security-policy"])).toMatch(
      /connect-src 'self' https:\/\/sentry\.example\.test/,
    );
  });

  test("a report is logged at warn, scrubbed; bad input is refused and logs nothing", async () => {
    lines.length = 0;
    const res = await post({
      kind: "player",
      code: "manifestLoadError",
      message: "Failed https://x.test/live.m3u8?token=secret for ada@example.test",
      path: "/c/summit",
    });
    expect(res.statusCode).toBe(204);
    const logged = lines.filter((line) => line.msg === "browser error");
    expect(logged).toEqual([
      expect.objectContaining({
        level: 40,
        clientError: {
          kind: "player",
          code: "manifestLoadError",
          path: "/c/summit",
          message: "Failed https://x.test/live.m3u8 for [email]",
        },
      }),
    ]);
    for (const bad of [
      { kind: "nonsense", message: "x", path: "/" },
      { kind: "error", message: "x".repeat(1_001), path: "/" },
      { kind: "error", message: "x", path: "/", userId: 1 },
    ]) {
      expect((await post(bad)).statusCode).toBe(400);
    }
    expect(lines.filter((line) => line.msg === "browser error")).toHaveLength(1);
  });

  test("an address gets 60 reports a minute; another address is not held back", async () => {
    const report = { kind: "error", message: "boom", path: "/" };
    const statuses: number[] = [];
    for (let i = 0; i <= CLIENT_ERROR_REPORTS_PER_ADDRESS_PER_MINUTE; i++) {
      statuses.push((await post(report, "198.51.100.9")).statusCode);
    }
    expect(statuses.filter((s) => s === 204)).toHaveLength(CLIENT_ERROR_REPORTS_PER_ADDRESS_PER_MINUTE);
    expect(statuses.at(-1)).toBe(429);
    expect((await post(report, "198.51.100.10")).statusCode).toBe(204);
  });
});
