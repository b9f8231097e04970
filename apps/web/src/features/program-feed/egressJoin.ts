import type { MediaRoomJoin } from "@onstage/domain";

// LiveKit Egress opens its custom template (the recorder view, issue 13 §5) with the room's `url` and a
// `token` in the query. Apart from the egress SDK, so the page can tell without loading it.

type LivekitJoin = Extract<MediaRoomJoin, { provider: "livekit" }>;

/** The room Egress asks the page to show, from the query it opened the page with; null: not Egress. */
export function egressJoin(search: URLSearchParams): LivekitJoin | null {
  const url = search.get("url");
  const token = search.get("token");
  // Egress's own participant subscribes only (its token says so too).
  return url && token ? { provider: "livekit", url, token, canPublish: false } : null;
}
