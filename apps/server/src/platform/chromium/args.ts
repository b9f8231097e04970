// How every Chromium of this project runs (the server's recorder, the e2e journeys, the benchmarks):
// the machine's network is closed, so no background services, no QUIC, no GPU, no sandbox as root.
export const CLOSED_NETWORK_CHROMIUM_ARGS = [
  "--no-sandbox",
  "--disable-gpu",
  "--disable-quic",
  "--no-first-run",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
  // WebRTC to the embedded SFU on 127.0.0.1 (MEDIA-NOTES "WebRTC").
  "--allow-loopback-in-peer-connection",
];
