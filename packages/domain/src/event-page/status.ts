import type { VideoSessionSummary } from "./schemas";

/**
 * Issue 23 §3.1: what an event page says of a session. Before its start a countdown ('upcoming'),
 * 'Starting now' once the start has come and it is not live yet, 'live', and once it is over
 * (postevent or ended) its replay when something was recorded, else the thank-you.
 */
export type SessionStatus = "upcoming" | "starting" | "live" | "replay" | "thank_you";

export function sessionStatus(
  session: Pick<VideoSessionSummary, "state" | "timeScheduled" | "hasRecording">,
  nowMs: number,
): SessionStatus {
  switch (session.state) {
    case "scheduled":
    case "greenroom":
      return Date.parse(session.timeScheduled) <= nowMs ? "starting" : "upcoming";
    case "broadcasting":
      return "live";
    case "postevent":
    case "ended":
      return session.hasRecording ? "replay" : "thank_you";
  }
}

export const isSessionOver = (status: SessionStatus) => status === "replay" || status === "thank_you";

export const SESSION_STATUS_LABELS = {
  starting: "Starting now",
  live: "LIVE",
  ended: "Ended",
  over: "This session has ended",
  replay: "Watch replay",
  thankYou: "Thank you for joining",
} as const;
