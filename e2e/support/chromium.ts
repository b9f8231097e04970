// Debian's Chromium as the e2e journeys and the media benchmarks launch it.
export const CHROMIUM = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";

// The machine's network is closed: no background services, no QUIC, no GPU, no sandbox as root.
export const CHROMIUM_ARGS = [
  "--no-sandbox",
  "--disable-gpu",
  "--disable-quic",
  "--no-first-run",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
  "--use-fake-device-for-media-stream",
  "--use-fake-ui-for-media-stream",
  // WebRTC to the embedded SFU on 127.0.0.1 (MEDIA-NOTES "WebRTC").
  "--allow-loopback-in-peer-connection",
];
