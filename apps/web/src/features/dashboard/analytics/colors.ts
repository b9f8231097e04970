import type { EngagementKind, PlaybackDelivery } from "@onstage/domain";

// The charts' series colours. SVG attributes take no CSS variables, so they are written out here; each
// is at least 3:1 against white (WCAG 1.4.11), and neighbours in a stack differ in hue (after Okabe and
// Ito's palette for colour-blind readers, darkened for contrast).

/** The brand's text-strength primary (tokens.css --color-primary-strong). */
export const PRIMARY_COLOR = "#b93e22";
export const SECONDARY_COLOR = "#0072b2";

export const ENGAGEMENT_COLORS: Record<EngagementKind, string> = {
  chat: "#0072b2",
  questions: "#d55e00",
  upvotes: "#009e73",
  pollAnswers: "#c2449a",
  reactions: "#8c6d00",
  ctaClicks: "#6a3d9a",
  donations: "#4b5563",
};

export const DELIVERY_COLORS: Record<PlaybackDelivery, string> = { hls: "#0072b2", webrtc: "#d55e00" };
