import { afterAll, beforeAll, expect, test } from "vitest";
import { type App, buildApp } from "../../app";
import { openDatabase } from "../../platform/database";
import { buildTestApp, testFilesDir } from "../../testing/app";
import { TestClient } from "../../testing/client";
import { startSmtpServer, unfold } from "../../testing/smtp";

// With SMTP_URL set, sign-in mail leaves through a real SMTP server (here one on loopback).
let app: App;
let received: string[];
beforeAll(async () => {
  const smtp = await startSmtpServer();
  received = smtp.received;
  app = await buildTestApp(await openDatabase({}), {
    smtpUrl: `smtp://127.0.0.1:${smtp.port}`,
  });
});
afterAll(async () => {
  await app.server.close();
  await app.mailer.close();
});

test("a sign-up's confirmation link is delivered over SMTP, and there is no dev mailbox", async () => {
  const browser = new TestClient(app.server);
  await browser.post("/api/auth/signup", {
    email: "smtp@example.test",
    firstName: "Sue",
    lastName: "M",
    tosAccepted: true,
  });
  const deadline = Date.now() + 5_000;
  while (received.length === 0 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 50));
  const raw = unfold(received[0] ?? "");
  expect(raw).toMatch(/^To: smtp@example\.test\r$/m);
  expect(raw).toMatch(/^Subject: Confirm your email for Onstage\r$/m);
  expect(raw).toMatch(/http:\/\/onstage\.test\/auth\/link#token=[A-Za-z0-9_-]{43}&purpose=magic_link/);
  expect((await browser.get("/api/dev/mailbox")).statusCode).toBe(404);
});

test("in production the development mailbox is not served even without SMTP", async () => {
  const production = await buildApp({
    db: await openDatabase({}),
    publicUrl: "https://events.example.com",
    webDist: "/nonexistent",
    filesDir: await testFilesDir(),
    production: true,
  });
  expect((await production.server.inject({ method: "GET", url: "/api/dev/mailbox" })).statusCode).toBe(404);
  expect((await production.server.inject({ method: "GET", url: "/dev/mailbox" })).body).not.toContain(
    "Development mailbox",
  );
  // Served over https, the cookies take the __Host- prefix and the Secure flag.
  const csrf = await production.server.inject({ method: "GET", url: "/api/auth/csrf" });
  expect(csrf.cookies[0]).toMatchObject({
    name: "__Host-onstage_csrf",
    secure: true,
    httpOnly: true,
    path: "/",
  });
  await production.server.close();
});
