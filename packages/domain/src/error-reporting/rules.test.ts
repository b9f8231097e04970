import { expect, test } from "vitest";
import { scrubPersonalData } from "./rules";

test.each([
  { text: "Failed for ada@example.test", want: "Failed for [email]" },
  { text: "GET https://x.test/a/b.m3u8?token=abc&u=1 failed", want: "GET https://x.test/a/b.m3u8 failed" },
  { text: "at https://x.test/assets/app.js#L10:5", want: "at https://x.test/assets/app.js" },
  { text: `session ${"a1".repeat(20)} gone`, want: "session [token] gone" },
  { text: "TypeError: x is undefined", want: "TypeError: x is undefined" },
  { text: "manifestLoadError", want: "manifestLoadError" },
])("'$text' → '$want'", ({ text, want }) => {
  expect(scrubPersonalData(text)).toBe(want);
});
