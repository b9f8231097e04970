import type { PlaybackDelivery } from "@onstage/domain";
import { type RefObject, useCallback, useEffect, useRef } from "react";
import { beaconTransport } from "./transport";
import { type FreezeStats, type VideoWatch, watchVideo } from "./watchVideo";

export interface QualitySubject {
  sessionId: number;
  delivery: PlaybackDelivery;
  /** What plays: a new key is a new play attempt, so a new view. */
  key: string;
  freezes?: () => Promise<FreezeStats | null>;
}

/**
 * Issue 28 §1: the player's quality collector on `videoRef` while `subject` plays (null: nothing
 * collected, as for a clip's preview). Returns how the player reports an error.
 */
export function usePlaybackQuality(
  videoRef: RefObject<HTMLVideoElement | null>,
  subject: QualitySubject | null,
) {
  const watch = useRef<VideoWatch | null>(null);
  const freezes = useRef(subject?.freezes);
  freezes.current = subject?.freezes;
  const sessionId = subject?.sessionId ?? null;
  const delivery = subject?.delivery ?? "hls";
  const key = subject?.key ?? null;
  useEffect(() => {
    const video = videoRef.current;
    if (!video || sessionId === null || key === null) return;
    const current = watchVideo(video, {
      sessionId,
      delivery,
      transport: beaconTransport,
      freezes: () => freezes.current?.() ?? Promise.resolve(null),
    });
    watch.current = current;
    return () => {
      watch.current = null;
      current.stop();
    };
  }, [videoRef, sessionId, delivery, key]);
  return useCallback((code: string, message: string, fatal: boolean) => {
    watch.current?.error(code, message, fatal);
  }, []);
}

/** A peer connection's video freezes, for a WebRTC view's rebuffering. */
export async function receiverFreezes(pc: RTCPeerConnection): Promise<FreezeStats> {
  const report = await pc.getStats();
  const total = { freezeCount: 0, totalFreezesDurationMs: 0 };
  report.forEach(
    (stat: { type?: string; kind?: string; freezeCount?: number; totalFreezesDuration?: number }) => {
      if (stat.type !== "inbound-rtp" || stat.kind !== "video") return;
      total.freezeCount += stat.freezeCount ?? 0;
      total.totalFreezesDurationMs += (stat.totalFreezesDuration ?? 0) * 1000;
    },
  );
  return total;
}
