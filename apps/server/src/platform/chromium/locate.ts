import { findOnPath, isExecutable } from "../executable";

// COMPOSITOR=server runs Debian's Chromium, found as the e2e journeys find it.

/** CHROMIUM_PATH when set (it must work: a typo is not silently replaced), else `chromium` on PATH. */
export async function locateChromium(configured?: string): Promise<string | null> {
  if (configured) return (await isExecutable(configured)) ? configured : null;
  return findOnPath("chromium");
}

export const NO_CHROMIUM_MESSAGE =
  "COMPOSITOR=server needs Chromium: install it (apt-get install chromium) or set CHROMIUM_PATH";
