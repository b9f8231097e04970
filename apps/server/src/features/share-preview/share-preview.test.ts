import { expect, test } from "vitest";
import { TEST_PUBLIC_URL, useTestApp } from "../../testing/app";
import { describeOnEachDatabase } from "../../testing/databases";
import { given } from "../../testing/given";

const metaContent = (html: string, key: string) =>
  html.match(new RegExp(`<meta (?:name|property)="${key}" content="([^"]*)"`))?.[1];

/** A Content-Security-Policy as its directives' sources, by name. */
const directives = (csp: unknown) =>
  Object.fromEntries(
    String(csp)
      .split(";")
      .map((directive) => {
        const [name = "", ...sources] = directive.trim().split(" ");
        return [name, sources.join(" ")];
      }),
  );

describeOnEachDatabase("server-rendered share previews", (use) => {
  const app = useTestApp(use);
  const get = (url: string) => app().server.inject({ method: "GET", url });

  test("an event link carries its title, description and Open Graph tags without JavaScript", async () => {
    const g = given(use());
    const channel = await g.channel({ name: "Preview Channel" });
    await g.event(channel, {
      event_code: "preview-me",
      title: "Designing Live Shows",
      description: "How to run a great live show.",
      cover_photo: "/files/cover.png",
    });
    const res = await get("/c/preview-me");
    expect(res.statusCode).toBe(200);
    expect(res.headers["content-type"]).toContain("text/html");
    expect(res.body).toContain("<title>Designing Live Shows</title>");
    expect(metaContent(res.body, "og:title")).toBe("Designing Live Shows");
    expect(metaContent(res.body, "og:description")).toBe("How to run a great live show.");
    expect(metaContent(res.body, "og:url")).toBe(`${TEST_PUBLIC_URL}/c/preview-me`);
    expect(metaContent(res.body, "og:image")).toBe(`${TEST_PUBLIC_URL}/files/cover.png`);
    expect(metaContent(res.body, "robots")).toBeUndefined();
    expect(res.body).toContain("By Preview Channel");
  });

  test("a session or lobby path previews its event too", async () => {
    const g = given(use());
    await g.event(await g.channel(), { event_code: "with-path", title: "Path Event" });
    for (const path of ["/c/with-path/abc123", "/c/with-path/lobby"]) {
      expect(metaContent((await get(path)).body, "og:title")).toBe("Path Event");
    }
  });

  test.each([
    { case: "private event", event: { private: true }, sub: {} },
    { case: "channel on a free trial", event: {}, sub: { trial: true } },
    { case: "expired subscription", event: {}, sub: { endsInHours: -2 } },
  ])("a $case is marked noindex, nofollow", async ({ event, sub }) => {
    const g = given(use());
    const code = `nx-${Math.random().toString(36).slice(2, 10)}`;
    await g.event(await g.channel({}, sub), { event_code: code, ...event });
    expect(metaContent((await get(`/c/${code}`)).body, "robots")).toBe("noindex, nofollow");
  });

  test("an event with a Meta pixel lets its own document load the pixel; every other answer keeps the CSP", async () => {
    const g = given(use());
    const channel = await g.channel({ channel_name: "pixel-channel" });
    await g.event(channel, { event_code: "with-pixel", meta_pixel_id: "123456789012345" });
    await g.event(channel, { event_code: "without-pixel" });
    const cspOf = async (url: string) => directives((await get(url)).headers["content-security-policy"]);
    const base = await cspOf("/");
    expect(JSON.stringify(base)).not.toContain("facebook");
    const withPixel = {
      ...base,
      "script-src": `${base["script-src"]} https://connect.facebook.net`,
      "img-src": `${base["img-src"]} https://www.facebook.com`,
      "connect-src": `${base["connect-src"]} https://www.facebook.com`,
    };
    // The second request is answered from the rendered page's cache.
    for (const url of ["/c/with-pixel", "/c/with-pixel", "/c/with-pixel/lobby"])
      expect(await cspOf(url)).toEqual(withPixel);
    for (const url of [
      "/c/without-pixel",
      "/api/events/by-code/with-pixel",
      "/@pixel-channel",
      "/c/nope",
      "/my-events",
    ])
      expect(await cspOf(url)).toEqual(base);
  });

  test("a malformed link is refused as a bad request, not a server error", async () => {
    expect((await get("/c/%E0%A4%A")).statusCode).toBe(400);
  });

  test.each(["/c/nope", "/c/", "/c/%3Cscript%3E"])(
    "%s is the event-not-found page with status 404",
    async (url) => {
      const res = await get(url);
      expect(res.statusCode).toBe(404);
      expect(res.body).toContain("<title>Event not found</title>");
      expect(res.body).toContain("The event you are looking for does not exist or may have been removed.");
      expect(res.body).toContain(">Explore</a>");
      expect(metaContent(res.body, "robots")).toBe("noindex, nofollow");
    },
  );

  test("deleted and archived events preview as not found", async () => {
    const g = given(use());
    const channel = await g.channel();
    await g.event(channel, { event_code: "gone-deleted", deleted_at: new Date() });
    await g.event(channel, { event_code: "gone-archived", archived_at: new Date() });
    expect((await get("/c/gone-deleted")).statusCode).toBe(404);
    expect((await get("/c/gone-archived")).statusCode).toBe(404);
  });

  test("text from hosts is escaped, never markup", async () => {
    const g = given(use());
    await g.event(await g.channel(), {
      event_code: "xss-title",
      title: `</title><script>alert(1)</script>`,
      description: `"><img src=x onerror=alert(1)>`,
    });
    const body = (await get("/c/xss-title")).body;
    expect(body).not.toContain("<script>alert(1)</script>");
    expect(body).not.toContain("<img src=x");
    expect(body).toContain("&lt;/title&gt;&lt;script&gt;");
  });

  test("a channel link previews the channel; an unknown channel is 404", async () => {
    const g = given(use());
    await g.channel({ name: "Shared Channel", channel_name: "shared-channel" });
    const res = await get("/@shared-channel");
    expect(res.statusCode).toBe(200);
    expect(metaContent(res.body, "og:title")).toBe("Shared Channel (@shared-channel)");
    expect((await get("/@no-such-channel")).statusCode).toBe(404);
  });

  test("other pages get the app shell; unknown API paths stay JSON", async () => {
    const home = await get("/my-events");
    expect(home.statusCode).toBe(200);
    expect(home.body).toContain('<div id="root">');
    const api = await get("/api/nothing-here");
    expect(api.statusCode).toBe(404);
    expect(api.json()).toEqual({ error: { code: "not_found", message: "Not found" } });
  });
});
