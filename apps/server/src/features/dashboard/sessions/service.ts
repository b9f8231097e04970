import {
  Conflict,
  type DashSessionResponse,
  NotFound,
  type SessionFields,
  sessionCountRefusal,
  sessionDeleteRefusal,
  type UpdateSessionRequest,
} from "@onstage/domain";
import * as sessions from "../../../kernel/sessions/service";
import { withOutbox } from "../../../platform/realtime/outbox";
import type { FeatureDeps } from "../../deps";
import { scheduleSessionReminders } from "../../registration-mails/service";
import { requireChildManager, requireEventManager } from "../access";

export function dashSessionsService({ db, clock, realtime }: Pick<FeatureDeps, "db" | "clock" | "realtime">) {
  const requireSession = (userId: number, sessionId: number) =>
    requireChildManager(db, userId, "video_sessions", sessionId, "session_not_found");

  async function answer(sessionId: number): Promise<DashSessionResponse> {
    const session = await sessions.findSession(db, sessionId);
    if (!session) throw NotFound("session_not_found");
    return { session };
  }

  return {
    /** A single-session event keeps one session; more need multi-session. */
    async create(userId: number, eventId: number, input: SessionFields): Promise<DashSessionResponse> {
      const event = await requireEventManager(db, userId, eventId);
      const refusal = sessionCountRefusal("add", {
        multiSession: event.multiSession,
        sessionCount: await sessions.countSessions(db, eventId),
      });
      if (refusal) throw Conflict(refusal);
      const id = await withOutbox(db, realtime, async (tx, outbox) => {
        const created = await sessions.createSession(tx, outbox, eventId, input);
        // Issue 10 §2.3: people already registered get reminders for the new session too.
        await scheduleSessionReminders(tx, { sessionId: created, now: clock().getTime() });
        return created;
      });
      return answer(id);
    },

    async update(
      userId: number,
      sessionId: number,
      input: UpdateSessionRequest,
    ): Promise<DashSessionResponse> {
      await requireSession(userId, sessionId);
      await withOutbox(db, realtime, async (tx, outbox) => {
        await sessions.updateSession(tx, outbox, sessionId, input);
        if (input.timeScheduled !== undefined || input.sessionType !== undefined)
          await scheduleSessionReminders(tx, { sessionId, now: clock().getTime() });
      });
      return answer(sessionId);
    },

    /** Soft delete; never a live session (spec 2 §4), never the event's last one. */
    async remove(userId: number, sessionId: number): Promise<void> {
      const event = await requireSession(userId, sessionId);
      const session = await sessions.findSession(db, sessionId);
      if (!session) throw NotFound("session_not_found");
      const refusal =
        sessionDeleteRefusal(session.state) ??
        sessionCountRefusal("delete", {
          multiSession: event.multiSession,
          sessionCount: await sessions.countSessions(db, event.id),
        });
      if (refusal) throw Conflict(refusal);
      const deleted = await withOutbox(db, realtime, (tx, outbox) =>
        sessions.deleteSession(tx, outbox, { id: sessionId, eventId: event.id }),
      );
      if (!deleted) throw Conflict("session_live");
    },
  };
}

export type DashSessionsService = ReturnType<typeof dashSessionsService>;
