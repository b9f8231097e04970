import { randomBytes } from "node:crypto";
import type { ServerResponse } from "node:http";
import { isPublicAddress } from "@onstage/domain";
import { afterAll, beforeAll, expect, test } from "vitest";
import { signedIn, useTestApp } from "../../testing/app";
import { describeOnEachDatabase } from "../../testing/databases";
import { given } from "../../testing/given";
import { type LocalServer, localServer } from "../../testing/local-server";
import { maintainedProviders, type ProviderList } from "./providers";
import type { LinkPreviewOptions } from "./service";

// Issue 26 §4 end to end: the real app, the maintained provider list with YouTube's and Flickr's
// endpoints pointed at a stand-in on this machine, and a guard that lets only the stand-in's port of
// 127.0.0.1 count as public.

/** YouTube's documented oEmbed answer (https://oembed.com, oembed-parser's recorded sample). */
const YOUTUBE_ANSWER = {
  title: "My dog trio",
  author_name: "Dong Nguyen",
  author_url: "https://www.youtube.com/c/DongNguyenbellajs",
  type: "video",
  height: 113,
  width: 200,
  version: "1.0",
  provider_name: "YouTube",
  provider_url: "https://www.youtube.com/",
  thumbnail_height: 360,
  thumbnail_width: 480,
  thumbnail_url: "https://i.ytimg.com/vi/qQpb1oCernE/hqdefault.jpg",
  html: '<iframe width="200" height="113" src="https://www.youtube.com/embed/qQpb1oCernE?feature=oembed" frameborder="0" allowfullscreen></iframe>',
};

/** Flickr's documented photo answer: its html (a link and a script) is not kept for a photo. */
const FLICKR_ANSWER = {
  type: "photo",
  flickr_type: "photo",
  title: "ZB8T0193",
  author_name: "bees",
  author_url: "https://www.flickr.com/photos/bees/",
  width: 1024,
  height: 683,
  url: "https://live.staticflickr.com/3123/2341623661_7c99f48bbf_b.jpg",
  thumbnail_url: "https://live.staticflickr.com/3123/2341623661_7c99f48bbf_q.jpg",
  thumbnail_width: 150,
  thumbnail_height: 150,
  html: '<a data-flickr-embed="true" href="https://www.flickr.com/photos/bees/2341623661/"><img src="https://live.staticflickr.com/3123/2341623661_7c99f48bbf_b.jpg"></a><script async src="https://embedr.flickr.com/assets/client-code.js"></script>',
  version: "1.0",
  cache_age: 3600,
  provider_name: "Flickr",
  provider_url: "https://www.flickr.com/",
};

let provider: LocalServer;
let forbidden: LocalServer;

function answer(res: ServerResponse, status: number, body: unknown): void {
  res.writeHead(status, { "content-type": "application/json" });
  res.end(JSON.stringify(body));
}

beforeAll(async () => {
  forbidden = await localServer();
  provider = await localServer((req, res) => {
    const path = new URL(req.url ?? "/", "http://stand-in").pathname;
    if (path === "/youtube/oembed") return answer(res, 200, YOUTUBE_ANSWER);
    if (path === "/flickr/oembed") return answer(res, 200, FLICKR_ANSWER);
    if (path === "/gone/oembed") return answer(res, 404, { error: "Not Found" });
    res.writeHead(302, { location: "http://169.254.169.254/latest/meta-data/" });
    res.end();
  });
});
afterAll(async () => {
  await provider.close();
  await forbidden.close();
});

function providers(): ProviderList {
  const standIn: Record<string, string> = {
    YouTube: provider.url("/youtube/oembed"),
    Flickr: provider.url("/flickr/oembed"),
  };
  const listed = maintainedProviders().flatMap((entry) => {
    const url = standIn[entry.provider_name];
    return url ? [{ ...entry, endpoints: entry.endpoints.map((endpoint) => ({ ...endpoint, url })) }] : [];
  });
  const made = (name: string, endpoint: string) => ({
    provider_name: name,
    provider_url: `https://${name}.example/`,
    endpoints: [{ schemes: [`https://${name}.example/*`], url: endpoint }],
  });
  return [
    ...listed,
    made("gone", provider.url("/gone/oembed")),
    made("sneaky", provider.url("/to-metadata")),
    made("rebound", `http://preview.test:${forbidden.port}/oembed`),
  ];
}

const linkPreview = (): LinkPreviewOptions => ({
  providers: providers(),
  guard: {
    resolve: async (hostname) => (hostname === "preview.test" ? ["127.0.0.1"] : []),
    isAllowed: (address, port) =>
      (address === "127.0.0.1" && port === provider.port) || isPublicAddress(address),
  },
});

const unique = () => randomBytes(6).toString("hex");
const previewPath = (url: string, size = "") => `/api/link-preview?url=${encodeURIComponent(url)}${size}`;

describeOnEachDatabase("GET /api/link-preview", (use) => {
  const app = useTestApp(use, { linkPreview });
  const person = async () => {
    const { cookie } = await signedIn(use(), await given(use()).user());
    return (url: string, size?: string) =>
      app().server.inject({ method: "GET", url: previewPath(url, size), headers: { cookie } });
  };
  const providerAsked = (videoId: string) => provider.requests.filter((r) => r.path.includes(videoId));

  test("a visitor is refused (401) and nothing is fetched", async () => {
    const videoId = unique();
    const res = await app().server.inject({
      method: "GET",
      url: previewPath(`https://www.youtube.com/watch?v=${videoId}`),
    });
    expect(res.statusCode).toBe(401);
    expect(providerAsked(videoId)).toEqual([]);
  });

  test.each([
    "not a url",
    "/watch?v=1",
    "javascript:alert(1)",
    "file:///etc/passwd",
    "https://user:pw@www.youtube.com/watch?v=1",
    "http://127.0.0.1/",
    "http://[::1]/",
    "http://[::ffff:127.0.0.1]/",
    "http://2130706433/",
    "http://0177.0.0.1/",
    "http://169.254.169.254/latest/meta-data/",
    "http://10.0.0.1/",
    "http://100.64.0.1/",
    "http://[fc00::1]/",
    "http://localhost:3000/",
  ])("%s is 'Invalid input URL' (400)", async (url) => {
    const res = await (await person())(url);
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toEqual({ code: "link_preview_invalid_url", message: "Invalid input URL" });
  });

  test("an address no provider claims is 'No provider found with given url' and the address (404)", async () => {
    const ask = await person();
    for (const url of ["https://example.com/page", "ftp://files.example.com/a.txt"]) {
      const res = await ask(url);
      expect(res.statusCode).toBe(404);
      expect(res.json().error).toEqual({
        code: "link_preview_no_provider",
        message: `No provider found with given url ${url}`,
      });
    }
  });

  test("a YouTube address gets YouTube's answer, the provider named by the list (spec 3 §7)", async () => {
    const videoId = unique();
    const target = `https://www.youtube.com/watch?v=${videoId}`;
    const res = await (await person())(target, "&maxwidth=640&maxheight=0");
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual(YOUTUBE_ANSWER);
    const [asked] = providerAsked(videoId);
    const query = Object.fromEntries(new URL(asked?.path ?? "/", "http://stand-in").searchParams);
    expect(query).toEqual({ format: "json", url: target, maxwidth: "640" });
  });

  test("an answer is cached: asked again, the provider is not", async () => {
    const ask = await person();
    const videoId = unique();
    const target = `https://youtu.be/${videoId}`;
    expect((await ask(target)).statusCode).toBe(200);
    expect((await ask(target)).json().title).toBe("My dog trio");
    expect(providerAsked(videoId)).toHaveLength(1);
    // Another size is another answer.
    expect((await ask(target, "&maxheight=200")).statusCode).toBe(200);
    expect(providerAsked(videoId)).toHaveLength(2);
  });

  test("a photo keeps its picture but not its html", async () => {
    const res = await (await person())(`https://www.flickr.com/photos/bees/${unique()}/`);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ type: "photo", url: FLICKR_ANSWER.url, provider_name: "Flickr" });
    expect(res.json().html).toBeUndefined();
  });

  test("a provider without a preview of the address answers 404", async () => {
    const res = await (await person())(`https://gone.example/${unique()}`);
    expect(res.statusCode).toBe(404);
    expect(res.json().error.code).toBe("link_preview_not_found");
  });

  test.each([
    { case: "redirects to the metadata service", provider: "sneaky" },
    { case: "is a name of this machine", provider: "rebound" },
  ])("a provider endpoint that $case is refused (503) and never reached", async ({ provider: name }) => {
    const res = await (await person())(`https://${name}.example/${unique()}`);
    expect(res.statusCode).toBe(503);
    expect(res.json().error.code).toBe("link_preview_unavailable");
    expect(forbidden.requests).toEqual([]);
  });

  test("past 60 provider requests in 15 minutes a user is refused (429); cached answers still come", async () => {
    const ask = await person();
    const cached = `https://youtu.be/${unique()}`;
    expect((await ask(cached)).statusCode).toBe(200);
    for (let i = 1; i < 60; i += 1) expect((await ask(`https://youtu.be/${unique()}`)).statusCode).toBe(200);
    const refused = await ask(`https://youtu.be/${unique()}`);
    expect(refused.statusCode).toBe(429);
    expect(refused.json().error.code).toBe("link_preview_rate_limited");
    expect((await ask(cached)).statusCode).toBe(200);
    expect((await ask("https://example.com/no-provider")).statusCode).toBe(404);
    expect((await (await person())(`https://youtu.be/${unique()}`)).statusCode).toBe(200);
  });
});
