import { forcedDelivery, type RoomSession, type ViewerDelivery, viewerDelivery } from "@onstage/domain";
import { useState } from "react";
import { useSearchParams } from "wouter";

export interface AudienceDelivery {
  delivery: ViewerDelivery;
  /** The real-time picture failed (refused, never started, lost): HLS for the rest of the visit. */
  fallBack: (reason: string) => void;
}

/**
 * Issue 27 §1: how this viewer watches the broadcast: the room's delivery (RoomSession.delivery, on the
 * session topic), what `?useHLS` / `?useWebRTC` force, HLS for a visitor (a viewer place is for
 * signed-in people) and for a broadcast with no real-time program, and HLS once WebRTC failed here.
 */
export function useAudienceDelivery(session: RoomSession, userId: number | null): AudienceDelivery {
  const [searchParams] = useSearchParams();
  const [fellBackIn, setFellBackIn] = useState<number | null>(null);
  const hasRealtime = userId !== null && session.broadcastType === "webrtc" && fellBackIn !== session.id;
  const delivery = hasRealtime ? viewerDelivery(session.delivery, forcedDelivery(searchParams)) : "hls";
  return { delivery, fallBack: () => setFellBackIn(session.id) };
}
