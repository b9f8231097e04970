import { expect, test } from "vitest";
import type { App } from "../../app";
import { signedIn, useTestApp } from "../../testing/app";
import { TestClient } from "../../testing/client";
import { useCountingApp } from "../../testing/counting-database";
import { describeOnEachDatabase, describeOnPostgres } from "../../testing/databases";
import { given } from "../../testing/given";
import { eventually, useTwoNodes } from "../../testing/realtime";
import { clientOf } from "../../testing/registration";
import { SESSION_CACHE_TTL_MS } from "./session-cache";

const sessionLookups = (queries: string[]) =>
  queries.filter((sql) => sql.includes("FROM user_sessions")).length;

describeOnEachDatabase("the session cache on one node", (use) => {
  const { app, queries } = useCountingApp(use);

  test("a signed-in browser's session is looked up once, not on every request", async () => {
    const browser = await clientOf(app().server, use(), await given(use()).user());
    queries.length = 0;
    for (let i = 0; i < 3; i++) expect((await browser.get("/api/me")).json().user).not.toBeNull();
    expect(sessionLookups(queries)).toBe(1);
  });

  test("the app's shell, assets and files cost no session lookup", async () => {
    const browser = await clientOf(app().server, use(), await given(use()).user());
    queries.length = 0;
    for (const url of ["/my-events", "/events", "/assets/app.js", "/files/a.png", "/favicon.svg"])
      await browser.get(url);
    expect(sessionLookups(queries)).toBe(0);
  });

  test("a landing page, rendered with the viewer's data, looks the session up once", async () => {
    const browser = await clientOf(app().server, use(), await given(use()).user());
    queries.length = 0;
    for (const url of ["/c/some-event", "/c/some-event", "/"]) await browser.get(url);
    expect(sessionLookups(queries)).toBe(1);
  });

  test("a signed-out cookie is refused at once, though it was cached", async () => {
    const browser = await clientOf(app().server, use(), await given(use()).user());
    const cookie = browser.cookie("onstage_session") ?? "";
    expect((await browser.get("/api/me")).json().user).not.toBeNull();
    expect((await browser.post("/api/auth/logout")).statusCode).toBe(204);
    browser.setCookie("onstage_session", cookie);
    expect((await browser.get("/api/me")).json().user).toBeNull();
  });
});

describeOnEachDatabase("the session cache and the other ends of a session", (use) => {
  const app = useTestApp(use);

  test("signing out everywhere refuses every cached session of the user at once", async () => {
    const db = use();
    const userId = await given(db).user();
    const clients = await Promise.all([1, 2].map(() => clientOf(app().server, db, userId)));
    for (const client of clients) expect((await client.get("/api/me")).json().user).not.toBeNull();
    expect((await clients[0]?.post("/api/auth/logout-everywhere"))?.statusCode).toBe(204);
    expect((await clients[1]?.get("/api/me"))?.json().user).toBeNull();
  });
});

describeOnPostgres("the session cache across nodes over Redis", (use) => {
  const nodes = useTwoNodes(use);

  test("signing out on one node refuses the cookie on another well within the cache's TTL", async () => {
    const [first, second] = nodes();
    const { cookie } = await signedIn(use(), await given(use()).user());
    const [name = "", value = ""] = cookie.split("=");
    const on = (node: App) => {
      const client = new TestClient(node.server);
      client.setCookie(name, value);
      return client;
    };
    expect((await on(second).get("/api/me")).json().user).not.toBeNull();
    expect((await on(first).post("/api/auth/logout")).statusCode).toBe(204);
    await eventually(
      "the second node refuses the cookie",
      async () => (await on(second).get("/api/me")).json().user === null,
      SESSION_CACHE_TTL_MS / 5,
    );
  });
});
