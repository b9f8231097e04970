import { describe, expect, test } from "vitest";
import { MAX_TILE_BANNER_THRESHOLD_TILES } from "../constants";
import { viewerFlags } from "../roles/rules";
import type { EventRole, OrgRole } from "../vocabulary";
import { isSupportedBrowser, showsMaxTileBanner } from "./rules";

describe("isSupportedBrowser", () => {
  test.each([
    [
      "Chrome 131 desktop",
      "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36",
      true,
    ],
    [
      "Edge 130",
      "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/130.0.0.0 Safari/537.36 Edg/130.0.0.0",
      true,
    ],
    [
      "headless Chromium",
      "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) HeadlessChrome/128.0.6613.18 Safari/537.36",
      true,
    ],
    [
      "Chrome on Android",
      "Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Mobile Safari/537.36",
      true,
    ],
    [
      "Chrome 100, too old",
      "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/100.0.4896.60 Safari/537.36",
      false,
    ],
    ["Firefox", "Mozilla/5.0 (X11; Linux x86_64; rv:133.0) Gecko/20100101 Firefox/133.0", false],
    [
      "Safari",
      "Mozilla/5.0 (Macintosh; Intel Mac OS X 14_5) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Safari/605.1.15",
      false,
    ],
    [
      "Chrome on iOS (WebKit)",
      "Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) CriOS/131.0.6778.73 Mobile/15E148 Safari/604.1",
      false,
    ],
    ["empty", "", false],
  ])("%s → %s", (_name, userAgent, supported) => {
    expect(isSupportedBrowser(userAgent)).toBe(supported);
  });
});

describe("showsMaxTileBanner", () => {
  const as = (eventRole: EventRole | null, orgRole: OrgRole | null = null) =>
    viewerFlags({ userId: 1, eventRole, orgRole, speakerSessionIds: [7] }, 7);
  const full = MAX_TILE_BANNER_THRESHOLD_TILES;
  test.each<[string, ReturnType<typeof as>, number, boolean]>([
    ["channel owner at the threshold", as(null, "owner"), full, true],
    ["event admin above it", as("admin"), full + 1, true],
    ["channel member at it", as(null, "member"), full, true],
    ["owner below it", as(null, "owner"), full - 1, false],
    ["event host at it", as("host"), full, false],
    ["moderator at it", as("moderator"), full, false],
    ["speaker at it", as("speaker"), full, false],
  ])("%s → %s", (_name, flags, tiles, shows) => {
    expect(showsMaxTileBanner(flags, tiles)).toBe(shows);
  });
});
