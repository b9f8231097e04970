import { CLOSED_NETWORK_CHROMIUM_ARGS } from "../../apps/server/src/platform/chromium/args";

// Debian's Chromium as the e2e journeys and the media benchmarks launch it.
export const CHROMIUM = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";

// Fake camera and microphone, granted without a prompt, on top of the project's closed-network flags.
export const CHROMIUM_ARGS = [
  ...CLOSED_NETWORK_CHROMIUM_ARGS,
  "--use-fake-device-for-media-stream",
  "--use-fake-ui-for-media-stream",
];
