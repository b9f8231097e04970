import { expect, test } from "vitest";
import { signedIn, TEST_PUBLIC_URL, useTestApp } from "../../testing/app";
import { describeOnEachDatabase } from "../../testing/databases";
import { given } from "../../testing/given";
import { expectServerError } from "../../testing/server-errors";
import { stateOf, stubWebBuild } from "../../testing/web-build";

const webDist = await stubWebBuild();

describeOnEachDatabase("landing pages rendered by the web app's server entry", (use) => {
  const app = useTestApp(use, { webDist });
  const get = (url: string, cookie?: string) =>
    app().server.inject({ method: "GET", url, headers: cookie ? { cookie } : {} });

  test("an event page carries the app's render in #root and, after it, the data it was rendered from", async () => {
    const g = given(use());
    await g.event(await g.channel(), { event_code: "rendered", title: "Rendered Event" });
    const res = await get("/c/rendered?utm_source=mail");
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('<div id="root"><main data-rendered>Rendered Event</main></div>');
    const state = stateOf(res.body);
    expect(state.url).toBe("/c/rendered?utm_source=mail");
    expect(state.data.me).toEqual({ user: null });
    expect(state.data.eventPage.data.event.title).toBe("Rendered Event");
    expect(state.environment.origin).toBe(TEST_PUBLIC_URL);
  });

  test("a signed-in viewer's page is rendered with what they are to the event, and no browser or proxy keeps it", async () => {
    const g = given(use());
    const userId = await g.user({ email: "viewer@example.test" });
    await g.event(await g.channel(), { event_code: "mine", title: "Mine" });
    const res = await get("/c/mine", (await signedIn(use(), userId)).cookie);
    const state = stateOf(res.body);
    expect(state.data.me.user.email).toBe("viewer@example.test");
    expect(state.data.eventPage.data.viewer.userId).toBe(userId);
    expect(res.headers["cache-control"]).toBe("no-store");
  });

  test("host text in the embedded data cannot close its script element", async () => {
    const g = given(use());
    await g.event(await g.channel(), {
      event_code: "xss-state",
      description: "</script><script>alert(1)</script>",
    });
    const res = await get("/c/xss-state");
    expect(res.body).not.toContain("<script>alert(1)</script>");
    expect(stateOf(res.body).data.eventPage.data.event.description).toBe(
      "</script><script>alert(1)</script>",
    );
  });

  test("the viewer's zone cookie reaches the render; an unknown zone is ignored", async () => {
    const g = given(use());
    await g.event(await g.channel(), { event_code: "zoned" });
    expect(stateOf((await get("/c/zoned", "onstage_tz=Asia%2FTokyo")).body).environment.timeZone).toBe(
      "Asia/Tokyo",
    );
    expect(
      stateOf((await get("/c/zoned", "onstage_tz=Mars%2FOlympus")).body).environment.timeZone,
    ).toBeNull();
  });

  test("a channel page and the home page are rendered too; unknown pages keep their 404 preview", async () => {
    const g = given(use());
    await g.channel({ name: "Rendered Channel", channel_name: "rendered-channel" });
    expect((await get("/@rendered-channel")).body).toContain("<main data-rendered>Rendered Channel</main>");
    expect(stateOf((await get("/")).body).data.upcoming.events).toBeInstanceOf(Array);
    const missing = await get("/c/no-such-event");
    expect(missing.statusCode).toBe(404);
    expect(stateOf(missing.body)).toBeNull();
  });

  test("a render that fails leaves the page its preview, never an error", async () => {
    // The failure is the operator's to see in the log; the visitor gets the page's preview.
    expectServerError(/the first page's server render failed/);
    const g = given(use());
    await g.event(await g.channel(), { event_code: "breaks", title: "Render Breaks" });
    const res = await get("/c/breaks");
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain("<h1>Render Breaks</h1>");
    expect(stateOf(res.body)).toBeNull();
  });
});
