import Fastify from "fastify";
import { expect, test } from "vitest";
import { livekitOrigins } from "../platform/media-room/livekit/livekit-media-room";
import { bucketOrigin } from "../platform/storage/s3";
import { useTestApp } from "../testing/app";
import { TestClient } from "../testing/client";
import { dashWorld } from "../testing/dashboard";
import { describeOnEachDatabase } from "../testing/databases";
import { multipart, pngOf } from "../testing/images";
import { lastMailTo, linkToken } from "../testing/mailbox";
import { registerSecurityHeaders } from "./security-headers";

const S3_CONFIG = {
  endpoint: "https://s3.eu-west-1.example:9000",
  bucket: "b",
  region: "eu-west-1",
  accessKeyId: "k",
  secretAccessKey: "s",
  publicUrl: undefined,
};

// Issue 10 part 1: each finding of the attacker's review, tried the way the attacker tried it.

describeOnEachDatabase("hardening: CSRF, redirects, unsafe text, shell, headers", (use) => {
  const app = useTestApp(use);
  const world = () => dashWorld(app().server, use());
  const archivedAt = async (eventId: number) =>
    (
      await use().query<{ archived_at: Date | null }>("SELECT archived_at FROM events WHERE id = $1", [
        eventId,
      ])
    )[0]?.archived_at ?? null;

  test.each([
    "/%61pi/dash/events/ID/archive",
    "/api/dash/events/ID/archive",
    "/%61%70%69/dash/events/ID/archive",
  ])("a state-changing POST to %s without the CSRF token is refused and changes nothing", async (path) => {
    const w = await world();
    const owner = await w.as("owner");
    const res = await owner.request("POST", path.replace("ID", String(w.event)), { csrf: false });
    expect(res.statusCode).toBe(403);
    expect(res.json().error.code).toBe("csrf_invalid");
    expect(await archivedAt(w.event)).toBeNull();
  });

  test("a multipart upload through an encoded path needs the CSRF token too", async () => {
    const w = await world();
    const owner = await w.as("owner");
    const body = multipart("file", "cover.png", "image/png", await pngOf(64, 64));
    const res = await owner.request("POST", `/%61pi/dash/events/${w.event}/cover`, {
      csrf: false,
      headers: body.headers,
      payload: body.payload,
    });
    expect(res.statusCode).toBe(403);
  });

  test("with the token, the encoded path is the same route and works", async () => {
    const w = await world();
    const res = await (await w.as("owner")).request("POST", `/%61pi/dash/events/${w.event}/archive`);
    expect(res.statusCode).toBe(200);
  });

  test("magic-link verify never answers a protocol-relative redirect, even from a link stored before", async () => {
    const browser = new TestClient(app().server);
    const email = `redirect-${Date.now()}@example.test`;
    const send = await browser.post("/api/magic-link/send", {
      email,
      user_action: "signup_confirm",
      additionalQueryStrings: { redirectTo: "/.//evil.example" },
    });
    expect(send.statusCode).toBe(400);
    await browser.post("/api/auth/signup", {
      email,
      firstName: "Red",
      lastName: "Irect",
      password: "correct horse battery staple",
      tosAccepted: true,
      additionalQueryStrings: { redirectTo: "/c/launch" },
    });
    await use().query(
      `UPDATE auth_tokens SET payload = jsonb_set(payload, '{additionalQueryStrings,redirectTo}', '"/.//evil.example"')
        WHERE email = $1`,
      [email],
    );
    const verify = await browser.post("/api/magic-link/verify", {
      token: linkToken(await lastMailTo(browser, email)),
    });
    expect(verify.statusCode).toBe(200);
    expect(verify.json().redirectTo).toMatch(/^\/(?![/\\])/);
  });

  test.each([
    { case: "a NUL in a path", url: "/c/%00" },
    { case: "a NUL in an API path", url: "/api/events/by-code/ab%00cd" },
    { case: "a NUL in a query", url: "/api/events/upcoming?x=%00" },
  ])("$case is 400 invalid_request", async ({ url }) => {
    const res = await app().server.inject({ method: "GET", url });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.code).toBe("invalid_request");
  });

  test.each([
    { case: "NUL in a title", title: "Launch\u0000night" },
    { case: "a lone surrogate in a title", title: "Launch \uD83D night" },
  ])("$case is refused at the schema and changes nothing", async ({ title }) => {
    const w = await world();
    const res = await (await w.as("owner")).patch(`/api/dash/events/${w.event}`, { title });
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toMatchObject({ code: "invalid_request", fields: [{ path: "title" }] });
    const [row] = await use().query<{ title: string }>("SELECT title FROM events WHERE id = $1", [w.event]);
    expect(row?.title).toBe("Test event");
  });

  test("a chat reaction with a lone surrogate is 400, not 500", async () => {
    const w = await world();
    const res = await (await w.as("guest")).post("/api/chat/reactions", {
      chat_message_id: 1,
      reaction: "\uDC4D",
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.code).toBe("invalid_request");
  });

  test("an event title with $& and $` is rendered as written in the page's head", async () => {
    const w = await world();
    const title = "Pay $& save $` more $' $$";
    await use().query("UPDATE events SET title = $1, event_code = 'dollar-title' WHERE id = $2", [
      title,
      w.event,
    ]);
    const res = await app().server.inject({ method: "GET", url: "/c/dollar-title" });
    expect(res.body).toContain("<title>Pay $&amp; save $` more $&#39; $$</title>");
  });

  test("pages carry a CSP without framing; the clip embed alone may be framed", async () => {
    const page = await app().server.inject({ method: "GET", url: "/c/anything" });
    const csp = String(page.headers["content-security-policy"]);
    expect(csp).toContain("script-src 'self'");
    expect(csp).toContain("frame-ancestors 'none'");
    expect(page.headers["x-frame-options"]).toBe("DENY");
    expect(page.headers["strict-transport-security"]).toBeUndefined();
    const embed = await app().server.inject({ method: "GET", url: "/embed/clips/42" });
    expect(String(embed.headers["content-security-policy"])).toContain("frame-ancestors *");
    expect(embed.headers["x-frame-options"]).toBeUndefined();
  });

  test("a signed-in person's JSON and pages are never cached; files may be embedded by mail readers", async () => {
    const w = await world();
    const guest = await w.as("guest");
    expect((await guest.get("/api/me")).headers["cache-control"]).toBe("no-store");
    // Pages are rendered with the viewer's data (share-preview/first-page.ts).
    expect((await guest.get("/c/anything")).headers["cache-control"]).toBe("no-store");
    const anonymous = await app().server.inject({ method: "GET", url: "/api/events/upcoming" });
    expect(anonymous.headers["cache-control"]).toBeUndefined();
    const file = await app().server.inject({ method: "GET", url: "/files/missing.png" });
    expect(file.headers["cross-origin-resource-policy"]).toBe("cross-origin");
  });
});

test("HSTS is sent when the public address is https", async () => {
  const server = Fastify();
  await registerSecurityHeaders(server, "https://events.example");
  server.get("/", async () => "ok");
  const res = await server.inject({ method: "GET", url: "/" });
  expect(res.headers["strict-transport-security"]).toBe("max-age=31536000; includeSubDomains");
  expect(String(res.headers["content-security-policy"])).toContain("upgrade-insecure-requests");
  await server.close();
});

test("the CSP lets the browser reach the operator's LiveKit, and nothing else beyond our origin", async () => {
  const server = Fastify();
  await registerSecurityHeaders(server, "https://events.example", {
    connectTo: livekitOrigins("wss://media.example:7880/"),
  });
  server.get("/", async () => "ok");
  const res = await server.inject({ method: "GET", url: "/" });
  expect(String(res.headers["content-security-policy"])).toContain(
    "connect-src 'self' wss://media.example:7880 https://media.example:7880;",
  );
  await server.close();
});

test("with object storage, the CSP lets the player fetch and play segments from the bucket's CDN", async () => {
  const server = Fastify();
  await registerSecurityHeaders(server, "https://events.example", {
    mediaFrom: [bucketOrigin({ ...S3_CONFIG, publicUrl: "https://cdn.example/media/" })],
  });
  server.get("/", async () => "ok");
  const csp = String((await server.inject({ method: "GET", url: "/" })).headers["content-security-policy"]);
  expect(csp).toContain("media-src 'self' blob: data: https://cdn.example;");
  expect(csp).toContain("connect-src 'self' https://cdn.example;");
  expect(bucketOrigin(S3_CONFIG)).toBe("https://s3.eu-west-1.example:9000");
  await server.close();
});
