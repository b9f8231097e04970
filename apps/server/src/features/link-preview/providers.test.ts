import { previewTarget } from "@onstage/domain";
import { describe, expect, test } from "vitest";
import { findProvider, maintainedProviders, providerRequestUrl, providerTable } from "./providers";

// Issue 26 §4: matching addresses against oembed.com's maintained list, as production reads it.

const TOKEN = { appId: "1234", clientToken: "abcd" };
const withoutToken = providerTable(maintainedProviders(), { httpsOnly: true, facebook: undefined });
const withToken = providerTable(maintainedProviders(), { httpsOnly: true, facebook: TOKEN });

const target = (url: string) => {
  const parsed = previewTarget(url);
  if (!parsed) throw new Error(`not a preview target: ${url}`);
  return parsed;
};
const providerOf = (url: string, table = withoutToken) =>
  findProvider(table, target(url))?.providerName ?? null;

describe("an address is claimed only by a listed scheme", () => {
  test.each([
    { url: "https://www.youtube.com/watch?v=qQpb1oCernE", provider: "YouTube" },
    { url: "http://www.youtube.com/watch?v=qQpb1oCernE", provider: "YouTube" },
    { url: "https://m.youtube.com/watch?v=qQpb1oCernE", provider: "YouTube" },
    { url: "https://youtu.be/qQpb1oCernE", provider: "YouTube" },
    { url: "https://vimeo.com/76979871", provider: "Vimeo" },
    { url: "https://www.flickr.com/photos/bees/2341623661/", provider: "Flickr" },
    { url: "https://www.youtube.com.evil.example/watch?v=1", provider: null },
    { url: "https://evil.example/?next=https://www.youtube.com/watch?v=1", provider: null },
    { url: "https://evil.example/youtu.be/1", provider: null },
    { url: "https://a.b.youtube.com/watch?v=1", provider: null },
    { url: "https://www.youtube.com:8443/watch?v=1", provider: null },
    { url: "ftp://www.youtube.com/watch?v=1", provider: null },
    { url: "https://example.com/page", provider: null },
  ])("$url → $provider", ({ url, provider }) => {
    expect(providerOf(url)).toBe(provider);
  });
});

test("the endpoint is asked for json with the url, and a size only above 0 (spec 3 §7)", () => {
  const vimeo = findProvider(withoutToken, target("https://vimeo.com/76979871"));
  if (!vimeo) throw new Error("Vimeo is listed");
  const asked = (size: { maxwidth?: number; maxheight?: number }) =>
    new URL(providerRequestUrl(vimeo, target("https://vimeo.com/76979871"), size, undefined));
  const plain = asked({});
  expect(`${plain.origin}${plain.pathname}`).toBe("https://vimeo.com/api/oembed.json");
  expect(Object.fromEntries(plain.searchParams)).toEqual({
    format: "json",
    url: "https://vimeo.com/76979871",
  });
  expect(Object.fromEntries(asked({ maxwidth: 640, maxheight: 0 }).searchParams)).toEqual({
    format: "json",
    url: "https://vimeo.com/76979871",
    maxwidth: "640",
  });
});

test("the list's http:// endpoints are asked over https in production", () => {
  const list = [
    {
      provider_name: "Old",
      provider_url: "http://old.example/",
      endpoints: [{ schemes: ["http://old.example/v/*"], url: "http://old.example/oembed.{format}" }],
    },
  ];
  const https = providerTable(list, { httpsOnly: true, facebook: undefined });
  const asGiven = providerTable(list, { httpsOnly: false, facebook: undefined });
  expect(https[0]?.endpoint).toBe("https://old.example/oembed.json");
  expect(asGiven[0]?.endpoint).toBe("http://old.example/oembed.json");
});

test("Facebook and Instagram are offered only with the app's token, which only their endpoints get", () => {
  const post = "https://www.instagram.com/p/C3VwOFCuTxp/";
  expect(providerOf(post)).toBeNull();
  expect(providerOf("https://www.facebook.com/facebook/posts/10153231379946729")).toBeNull();
  const instagram = findProvider(withToken, target(post));
  if (instagram?.providerName !== "Instagram") throw new Error("Instagram is listed");
  const asked = new URL(providerRequestUrl(instagram, target(post), {}, TOKEN));
  expect(asked.hostname).toBe("graph.facebook.com");
  expect(asked.searchParams.get("access_token")).toBe("1234|abcd");
  const youtube = findProvider(withToken, target("https://youtu.be/qQpb1oCernE"));
  if (!youtube) throw new Error("YouTube is listed");
  const youtubeAsked = new URL(providerRequestUrl(youtube, target("https://youtu.be/x"), {}, TOKEN));
  expect(youtubeAsked.searchParams.has("access_token")).toBe(false);
});
