import {
  ENGAGEMENT_KINDS,
  type EngagementKind,
  type PlaybackDelivery,
  type RegistrationSource,
  type SessionSummary,
} from "@onstage/domain";

// The words and numbers of the analytics tab (issue 28 §2): pure, so each has its row in the tab's test.

const decimals = (max: number) => new Intl.NumberFormat("en-US", { maximumFractionDigits: max });
const oneDecimal = decimals(1);
const twoDecimals = decimals(2);

/** '1 viewer', '2 viewers'; '2 people'. */
export const counted = (n: number, noun: string, plural = `${noun}s`) => `${n} ${n === 1 ? noun : plural}`;

export const formatNumber = (n: number) => oneDecimal.format(n);

export const formatPercent = (percent: number) => `${oneDecimal.format(percent)}%`;

/** A share as a percentage of `whole`; null when there is no whole to share. */
export const shareOf = (part: number, whole: number) => (whole === 0 ? null : (part / whole) * 100);

/** A startup time in seconds: '0.65 s'; '—' when nothing started. */
export const formatSeconds = (ms: number | null) =>
  ms === null ? "—" : `${twoDecimals.format(ms / 1000)} s`;

/** Time watched: '9 s', '2 min 5 s', '1 h 2 min'. */
export function formatDuration(ms: number): string {
  const seconds = Math.round(ms / 1000);
  const h = Math.floor(seconds / 3600);
  const min = Math.floor((seconds % 3600) / 60);
  const s = seconds % 60;
  if (h > 0) return min > 0 ? `${h} h ${min} min` : `${h} h`;
  if (min > 0) return s > 0 ? `${min} min ${s} s` : `${min} min`;
  return `${s} s`;
}

export const DELIVERY_LABELS: Record<PlaybackDelivery, string> = { hls: "HLS", webrtc: "WebRTC" };

/**
 * 'newsletter / email / spring' for a utm link (its values as written: 'Newsletter' is another source),
 * 'Clip: Best bit' for a clip, 'Direct' for the page itself.
 */
export function sourceLabel(source: Pick<RegistrationSource, "kind" | "source" | "medium" | "campaign">) {
  switch (source.kind) {
    case "utm":
      return [source.source, source.medium, source.campaign].filter(Boolean).join(" / ");
    case "clip":
      return source.source === null ? "Clip" : `Clip: ${source.source}`;
    case "direct":
      return "Direct";
  }
}

/** The sources chart's text alternative: the totals and the conversion. */
export function sourcesSummary(pageViews: number, registrations: number): string {
  if (pageViews === 0 && registrations === 0) return "No event-page views or registrations yet.";
  const totals = `${counted(pageViews, "event-page view")} and ${counted(registrations, "registration")}`;
  const conversion = shareOf(registrations, pageViews);
  return conversion === null ? `${totals}.` : `${totals}: ${formatPercent(conversion)} conversion.`;
}

/** The session the tab opens on: the latest one anyone attended or played, else the first. */
export function defaultSessionId(sessions: readonly SessionSummary[]): number | null {
  const watched = sessions.filter((s) => s.attendees > 0 || s.views > 0).at(-1);
  return (watched ?? sessions[0])?.id ?? null;
}

interface MinuteValue {
  minute: string;
  value: number;
}

/** The busiest minute (the first of equals); null for an empty or all-zero series. */
export function peakOf(series: readonly MinuteValue[]): MinuteValue | null {
  return series.reduce<MinuteValue | null>((best, m) => (m.value > (best?.value ?? 0) ? m : best), null);
}

/**
 * The minutes a series changes at (the first included): a per-minute series read out as a table stays
 * short, as a person would describe the chart ('from 10:02, 1 viewer; from 10:10, 2').
 */
export function changesOf<T extends { minute: string }>(series: readonly T[], value: (row: T) => string) {
  return series.filter((row, i) => {
    const before = series[i - 1];
    return before === undefined || value(before) !== value(row);
  });
}

/** Every kind of audience action added up: a minute's, or the session's totals. */
export const actionCount = (counts: Record<EngagementKind, number>) =>
  ENGAGEMENT_KINDS.reduce((sum, kind) => sum + counts[kind], 0);
