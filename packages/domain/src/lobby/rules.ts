import {
  AVATAR_ROW_ITEM_WIDTH_PX,
  LOBBY_ENDED_WITHIN_MS,
  LOBBY_GROUP_MAX_ITEMS,
  LOBBY_SCHEDULED_LOOKBACK_MS,
} from "../constants";
import type { VideoSessionSummary } from "../event-page/schemas";

// Spec 2 §2: the lobby's list of a multi-session event's sessions (the agenda), and the avatar row.

export type AgendaGroupKind = "live" | "upcoming" | "ended";

export interface AgendaGroup {
  kind: AgendaGroupKind;
  /** The first LOBBY_GROUP_MAX_ITEMS sessions (all of them once expanded). */
  shown: VideoSessionSummary[];
  /** The '+N more' line's N; 0 shows no line. */
  moreCount: number;
}

type AgendaSession = Pick<
  VideoSessionSummary,
  "state" | "sessionType" | "timeScheduled" | "timeBroadcastEnd"
>;

/**
 * Which group a session is listed in at `nowMs`, or null when it is not listed: scheduled sessions
 * (and those in the greenroom, which the audience still waits for) if scheduled within the last hour
 * or later, ended ones if they ended within 2 hours. The lobby session itself is the page, not an item.
 */
export function agendaGroupOf(session: AgendaSession, nowMs: number): AgendaGroupKind | null {
  if (session.sessionType === "lobby") return null;
  switch (session.state) {
    case "broadcasting":
      return "live";
    case "scheduled":
    case "greenroom":
      return Date.parse(session.timeScheduled) >= nowMs - LOBBY_SCHEDULED_LOOKBACK_MS ? "upcoming" : null;
    case "postevent":
    case "ended": {
      // A session that never recorded its end cannot be placed in the window: not listed.
      if (session.timeBroadcastEnd === null) return null;
      return Date.parse(session.timeBroadcastEnd) >= nowMs - LOBBY_ENDED_WITHIN_MS ? "ended" : null;
    }
  }
}

const GROUP_ORDER: readonly AgendaGroupKind[] = ["live", "upcoming", "ended"];

/** Live and upcoming soonest first; ended ones latest first (the one that just finished on top). */
function byGroupOrder(kind: AgendaGroupKind) {
  return (a: AgendaSession, b: AgendaSession) =>
    kind === "ended"
      ? Date.parse(b.timeBroadcastEnd ?? "") - Date.parse(a.timeBroadcastEnd ?? "")
      : Date.parse(a.timeScheduled) - Date.parse(b.timeScheduled);
}

/** The agenda's non-empty groups in order; `expanded` groups list every session (no '+N more'). */
export function lobbyAgenda(
  sessions: readonly VideoSessionSummary[],
  nowMs: number,
  expanded: ReadonlySet<AgendaGroupKind> = new Set(),
): AgendaGroup[] {
  return GROUP_ORDER.flatMap((kind) => {
    const all = sessions.filter((s) => agendaGroupOf(s, nowMs) === kind).sort(byGroupOrder(kind));
    if (all.length === 0) return [];
    const limit = expanded.has(kind) ? all.length : LOBBY_GROUP_MAX_ITEMS;
    return [{ kind, shown: all.slice(0, limit), moreCount: all.length - Math.min(limit, all.length) }];
  });
}

/** Spec 2 §2: the avatar row shows as many users as fit its width, about 45 px each. */
export function avatarRowCount(widthPx: number, userCount: number): number {
  return Math.max(0, Math.min(userCount, Math.floor(widthPx / AVATAR_ROW_ITEM_WIDTH_PX)));
}
