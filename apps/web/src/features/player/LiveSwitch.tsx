import type { ViewerDelivery } from "@onstage/domain";
import { type ReactNode, useCallback, useState } from "react";

const ORDER: readonly ViewerDelivery[] = ["webrtc", "hls"];

/**
 * Issue 27 §1: a change of delivery without a black frame. The new player starts beside the one on
 * screen, hidden, and takes its place once it plays its first frame; the old one stops then. Each
 * player keeps its place in the tree (keyed by delivery), so taking over does not restart it.
 */
export function LiveSwitch({
  delivery,
  render,
}: {
  delivery: ViewerDelivery;
  render: (delivery: ViewerDelivery, onPlaying: () => void) => ReactNode;
}) {
  const [shown, setShown] = useState(delivery);
  // Stable callbacks: a player re-subscribes its video's events when its onPlaying changes.
  const showWebrtc = useCallback(() => setShown("webrtc"), []);
  const showHls = useCallback(() => setShown("hls"), []);
  // One structure whether switching or not: the player on screen never changes its place in the tree.
  return (
    <div className="live-switch">
      {ORDER.filter((d) => d === shown || d === delivery).map((d) => (
        <div
          key={d}
          className={d === shown ? "live-switch__slot" : "live-switch__slot live-switch__slot--next"}
          aria-hidden={d === shown ? undefined : true}
        >
          {render(d, d === shown ? noop : d === "webrtc" ? showWebrtc : showHls)}
        </div>
      ))}
    </div>
  );
}

const noop = () => {};
