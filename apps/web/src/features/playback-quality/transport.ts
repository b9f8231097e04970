import type { BeaconTransport, SendOutcome } from "./BeaconQueue";

const BEACONS_PATH = "/api/playback/beacons";

/**
 * The collector's sends: text/plain so neither fetch nor sendBeacon needs a preflight or a CSRF
 * token (the server checks the page's Origin), keepalive so a send outlives a closing player.
 */
export const beaconTransport: BeaconTransport = {
  async post(body) {
    const answer = await fetch(BEACONS_PATH, {
      method: "POST",
      body,
      headers: { "content-type": "text/plain;charset=UTF-8" },
      credentials: "same-origin",
      keepalive: body.length < 60_000,
    });
    return outcomeOf(answer.status);
  },
  beacon(body) {
    navigator.sendBeacon(BEACONS_PATH, new Blob([body], { type: "text/plain;charset=UTF-8" }));
  },
};

function outcomeOf(status: number): SendOutcome {
  if (status < 300) return "sent";
  if (status === 429) return "rate-limited";
  // 5xx and the like may pass; a 4xx refusal will not.
  return status >= 500 || status === 408 ? "retry" : "refused";
}
