import type { VideoSessionSummary } from "@onstage/domain";

/** The session segment of /c/{eventCode}/{segment}: a url_hash, or the word lobby (spec 1 §2). */
export function pickSession(sessions: VideoSessionSummary[], segment: string | undefined) {
  if (segment === "lobby") {
    const lobby = sessions.find((s) => s.sessionType === "lobby");
    if (lobby) return lobby;
  } else if (segment) {
    const named = sessions.find((s) => s.urlHash === segment);
    if (named) return named;
  }
  return currentSession(sessions);
}

/** The first session that is live or still to come, else the last one. */
export function currentSession(sessions: VideoSessionSummary[]): VideoSessionSummary | null {
  const regular = sessions.filter((s) => s.sessionType === "regular");
  const pool = [...(regular.length > 0 ? regular : sessions)].sort(
    (a, b) => Date.parse(a.timeScheduled) - Date.parse(b.timeScheduled),
  );
  return pool.find((s) => s.state !== "ended" && s.state !== "postevent") ?? pool.at(-1) ?? null;
}
