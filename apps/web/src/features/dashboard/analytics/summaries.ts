import type { SessionAnalytics, SessionQuality } from "@onstage/domain";
import { formatInZone } from "../zonedTime";
import { actionCount, counted, DELIVERY_LABELS, peakOf } from "./format";

// The session charts' text alternatives (their figcaptions): what a person would say of each chart.

export function attendanceSummary(attendance: SessionAnalytics["attendance"], timeZone: string): string {
  const people = `${counted(attendance.attendees.length, "person", "people")} attended`;
  const peak = peakOf(attendance.perMinute.map((m) => ({ minute: m.minute, value: m.viewers })));
  if (!peak) return `${people}.`;
  return `${people}; the peak was ${counted(peak.value, "live viewer")} at ${formatInZone(peak.minute, timeZone)}.`;
}

export function engagementSummary(engagement: SessionAnalytics["engagement"], timeZone: string): string {
  const peak = peakOf(engagement.perMinute.map((m) => ({ minute: m.minute, value: actionCount(m) })));
  const actions = `${counted(actionCount(engagement.totals), "action")} in the room`;
  if (!peak) return `${actions}.`;
  return `${actions}; the busiest minute was ${formatInZone(peak.minute, timeZone)} with ${peak.value}.`;
}

export function concurrentSummary(concurrent: SessionQuality["concurrent"], timeZone: string): string {
  const peak = peakOf(concurrent.map((m) => ({ minute: m.minute, value: m.hls + m.webrtc })));
  const at = peak && concurrent.find((m) => m.minute === peak.minute);
  if (!peak || !at) return "Nobody played the video.";
  const split = `${at.hls} ${DELIVERY_LABELS.hls}, ${at.webrtc} ${DELIVERY_LABELS.webrtc}`;
  return `At most ${counted(peak.value, "viewer")} played at once (${split}), at ${formatInZone(peak.minute, timeZone)}.`;
}
