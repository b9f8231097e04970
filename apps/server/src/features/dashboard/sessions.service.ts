import {
  Conflict,
  type DashSessionResponse,
  NotFound,
  type SessionFields,
  sessionCountRefusal,
  sessionDeleteRefusal,
  type UpdateSessionRequest,
} from "@onstage/domain";
import type { FeatureDeps } from "../deps";
import { requireChildManager, requireEventManager } from "./access";
import * as q from "./sessions.queries";
import { updateColumns } from "./sql";

export function dashSessionsService({ db }: Pick<FeatureDeps, "db">) {
  const requireSession = (userId: number, sessionId: number) =>
    requireChildManager(db, userId, "video_sessions", sessionId, "session_not_found");

  async function answer(sessionId: number): Promise<DashSessionResponse> {
    const session = await q.findSession(db, sessionId);
    if (!session) throw NotFound("session_not_found");
    return { session };
  }

  return {
    /** A single-session event keeps one session; more need multi-session. */
    async create(userId: number, eventId: number, input: SessionFields): Promise<DashSessionResponse> {
      const event = await requireEventManager(db, userId, eventId);
      const refusal = sessionCountRefusal("add", {
        multiSession: event.multiSession,
        sessionCount: await q.countSessions(db, eventId),
      });
      if (refusal) throw Conflict(refusal);
      const id = await db.transaction((tx) => q.insertSession(tx, eventId, input));
      return answer(id);
    },

    async update(
      userId: number,
      sessionId: number,
      input: UpdateSessionRequest,
    ): Promise<DashSessionResponse> {
      await requireSession(userId, sessionId);
      await db.transaction(async (tx) => {
        await updateColumns(
          tx,
          "video_sessions",
          sessionId,
          {
            title: input.title,
            description: input.description,
            time_scheduled: input.timeScheduled === undefined ? undefined : new Date(input.timeScheduled),
            duration_minutes: input.durationMinutes,
            session_type: input.sessionType,
            broadcast_type: input.broadcastType,
          },
          { touch: true },
        );
        if (input.broadcastType && q.needsStreamKey(input.broadcastType))
          await q.ensureStreamKey(tx, sessionId);
      });
      return answer(sessionId);
    },

    /** Soft delete; never a live session (spec 2 §4), never the event's last one. */
    async remove(userId: number, sessionId: number): Promise<void> {
      const event = await requireSession(userId, sessionId);
      const session = await q.findSession(db, sessionId);
      if (!session) throw NotFound("session_not_found");
      const refusal =
        sessionDeleteRefusal(session.state) ??
        sessionCountRefusal("delete", {
          multiSession: event.multiSession,
          sessionCount: await q.countSessions(db, event.id),
        });
      if (refusal) throw Conflict(refusal);
      if (!(await q.softDeleteSession(db, sessionId))) throw Conflict("session_live");
    },
  };
}

export type DashSessionsService = ReturnType<typeof dashSessionsService>;
