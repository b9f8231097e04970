import { describe, expect, test } from "vitest";
import { firstPreviewLink, linkPreviewOf, previewTarget } from "./rules";

describe("spec 3 §5: only a well-formed absolute http, https or ftp address, not a private one", () => {
  test.each([
    {
      url: "https://www.youtube.com/watch?v=qQpb1oCernE",
      href: "https://www.youtube.com/watch?v=qQpb1oCernE",
    },
    { url: "http://vimeo.com/76979871", href: "http://vimeo.com/76979871" },
    { url: "ftp://files.example.com/a.txt", href: "ftp://files.example.com/a.txt" },
    { url: "  https://Example.COM/a b  ", href: "https://example.com/a%20b" },
    { url: "https://8.8.8.8/", href: "https://8.8.8.8/" },
    { url: "https://[2606:4700:4700::1111]/", href: "https://[2606:4700:4700::1111]/" },
    { url: "", href: null },
    { url: "youtube.com/watch?v=1", href: null },
    { url: "/watch?v=1", href: null },
    { url: "https://", href: null },
    { url: "javascript:alert(1)", href: null },
    { url: "data:text/html,hi", href: null },
    { url: "file:///etc/passwd", href: null },
    { url: "gopher://example.com/", href: null },
    { url: "ws://example.com/", href: null },
    { url: "https://user:pass@example.com/", href: null },
    { url: "https://user@example.com/", href: null },
    { url: `https://example.com/${"a".repeat(2048)}`, href: null },
    { url: "http://127.0.0.1/", href: null },
    { url: "http://127.0.0.1:8080/", href: null },
    { url: "http://[::1]/", href: null },
    { url: "http://[::ffff:127.0.0.1]/", href: null },
    { url: "http://2130706433/", href: null },
    { url: "http://0177.0.0.1/", href: null },
    { url: "http://0x7f.1/", href: null },
    { url: "http://127.1/", href: null },
    { url: "http://169.254.169.254/latest/meta-data/", href: null },
    { url: "http://10.0.0.1/", href: null },
    { url: "http://100.64.0.1/", href: null },
    { url: "http://172.16.5.4/", href: null },
    { url: "http://192.168.0.1/", href: null },
    { url: "ftp://192.168.0.1/", href: null },
    { url: "http://[fc00::1]/", href: null },
    { url: "http://[fe80::1]/", href: null },
    { url: "http://0.0.0.0/", href: null },
    { url: "http://localhost:3000/", href: null },
    { url: "http://LOCALHOST./", href: null },
    { url: "http://api.localhost/", href: null },
    { url: "http://printer.local/", href: null },
    { url: "http://db.internal/", href: null },
    { url: "http://nas.home.arpa/", href: null },
    { url: "http://intranet/", href: null },
  ])("$url → $href", ({ url, href }) => {
    expect(previewTarget(url)?.href ?? null).toBe(href);
  });
});

const YOUTUBE = { name: "YouTube", url: "https://www.youtube.com/" };

describe("a provider's answer as the web may show it (spec 3 §7: the list's provider name and url)", () => {
  test("YouTube's documented answer keeps its fields; the list names the provider", () => {
    const answer = {
      title: "My dog trio",
      author_name: "Dong Nguyen",
      author_url: "https://www.youtube.com/c/DongNguyenbellajs",
      type: "video",
      height: 113,
      width: 200,
      version: "1.0",
      provider_name: "YouTube (their words)",
      provider_url: "https://youtube.example/",
      thumbnail_height: 360,
      thumbnail_width: 480,
      thumbnail_url: "https://i.ytimg.com/vi/qQpb1oCernE/hqdefault.jpg",
      html: '<iframe width="200" height="113" src="https://www.youtube.com/embed/qQpb1oCernE?feature=oembed"></iframe>',
    };
    expect(linkPreviewOf(answer, YOUTUBE)).toEqual({
      ...answer,
      provider_name: "YouTube",
      provider_url: "https://www.youtube.com/",
    });
  });

  test.each([
    {
      case: "rich keeps its html",
      answer: { type: "rich", html: "<blockquote>hi</blockquote>" },
      html: true,
    },
    { case: "video keeps its html", answer: { type: "video", html: "<iframe></iframe>" }, html: true },
    { case: "link loses its html", answer: { type: "link", html: "<script>x</script>" }, html: false },
    { case: "photo loses its html", answer: { type: "photo", html: "<img onerror=x>" }, html: false },
    { case: "no type is a link", answer: { html: "<iframe></iframe>" }, html: false },
    { case: "an unknown type is a link", answer: { type: "script", html: "<b>x</b>" }, html: false },
    { case: "html past 32,000 characters", answer: { type: "rich", html: "x".repeat(32_001) }, html: false },
  ])("$case", ({ answer, html }) => {
    expect(linkPreviewOf(answer, YOUTUBE)?.html !== undefined).toBe(html);
  });

  test.each([
    { field: "author_url", value: "javascript:alert(1)", kept: undefined },
    { field: "thumbnail_url", value: "data:image/png;base64,AAAA", kept: undefined },
    { field: "url", value: "https://user:pw@img.example/x.png", kept: undefined },
    { field: "url", value: "/relative.png", kept: undefined },
    { field: "url", value: "https://img.example/x.png", kept: "https://img.example/x.png" },
    { field: "width", value: "480", kept: 480 },
    { field: "width", value: 99.6, kept: 100 },
    { field: "width", value: "100%", kept: undefined },
    { field: "width", value: 0, kept: undefined },
    { field: "height", value: -5, kept: undefined },
    { field: "thumbnail_height", value: 1e9, kept: undefined },
    { field: "title", value: "  Trimmed  ", kept: "Trimmed" },
    { field: "title", value: "   ", kept: undefined },
    { field: "title", value: 42, kept: undefined },
    { field: "title", value: "x".repeat(600), kept: "x".repeat(500) },
    { field: "version", value: 1, kept: undefined },
  ])("$field = $value → $kept", ({ field, value, kept }) => {
    expect(linkPreviewOf({ type: "photo", [field]: value }, YOUTUBE)?.[field as "url"]).toEqual(kept);
  });

  test.each([null, "text", [1, 2], 42])("%j is no answer", (answer) => {
    expect(linkPreviewOf(answer, YOUTUBE)).toBeNull();
  });

  test("fields oEmbed does not name are left out", () => {
    expect(linkPreviewOf({ type: "link", cache_age: 3600, script: "x" }, YOUTUBE)).toEqual({
      type: "link",
      provider_name: "YouTube",
      provider_url: "https://www.youtube.com/",
    });
  });
});

describe("firstPreviewLink: the chat card's address", () => {
  test.each([
    { text: "Watch https://www.youtube.com/watch?v=abc.", want: "https://www.youtube.com/watch?v=abc" },
    { text: "two: https://vimeo.com/1, https://vimeo.com/2", want: "https://vimeo.com/1" },
    { text: "(see https://x.test/a)", want: "https://x.test/a" },
    { text: "no link here", want: null },
    { text: "ftp://files.test/a is not previewed in chat", want: null },
    { text: "http://127.0.0.1/admin", want: null },
    { text: "javascript:alert(1)", want: null },
  ])("$text → $want", ({ text, want }) => {
    expect(firstPreviewLink(text)).toBe(want);
  });
});
