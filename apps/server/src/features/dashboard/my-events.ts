import { MyEventsResponse, type SpeakingEvent } from "@onstage/domain";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import type { Queryable } from "../../platform/database";
import { requireViewer } from "../access/viewer";
import type { FeatureDeps } from "../deps";

// Spec 1 §2 /my-events: the signed-in user's events: registered, on the team, and speaking (issue 23 §3.3).

async function registeredEventIds(db: Queryable, userId: number): Promise<number[]> {
  const rows = await db.query<{ event_id: number }>(
    "SELECT event_id FROM event_registrations WHERE user_id = $1",
    [userId],
  );
  return rows.map((r) => r.event_id);
}

/** Events of the user's channels, and events where they are host, owner, admin or moderator. */
async function hostedEventIds(db: Queryable, userId: number): Promise<number[]> {
  const rows = await db.query<{ id: number }>(
    `SELECT e.id FROM events e JOIN organization_members om ON om.organization_id = e.organization_id
      WHERE om.user_id = $1
     UNION
     SELECT event_id FROM events_users_roles
      WHERE user_id = $1 AND event_role IN ('host', 'owner', 'admin', 'moderator')`,
    [userId],
  );
  return rows.map((r) => r.id);
}

type SpeakerSession = SpeakingEvent["sessions"][number] & { eventId: number };

/** The live sessions the user speaks in, by event, in their order. */
async function speakerSessions(db: Queryable, userId: number): Promise<SpeakerSession[]> {
  const rows = await db.query<{
    event_id: number;
    url_hash: string;
    title: string;
    time_scheduled: Date;
    state: SpeakerSession["state"];
  }>(
    `SELECT s.event_id::int, s.url_hash, s.title, s.time_scheduled, s.state
       FROM events_users_roles r JOIN video_sessions s ON s.id = ANY(r.video_session_ids) AND s.event_id = r.event_id
      WHERE r.user_id = $1 AND r.event_role = 'speaker' AND s.deleted_at IS NULL
      ORDER BY s.time_scheduled, s.id`,
    [userId],
  );
  return rows.map((r) => ({
    eventId: r.event_id,
    urlHash: r.url_hash,
    title: r.title,
    timeScheduled: r.time_scheduled.toISOString(),
    state: r.state,
  }));
}

export function myEventsRoutes({ db, events }: Pick<FeatureDeps, "db" | "events">): FastifyPluginAsyncZod {
  async function speaking(userId: number): Promise<SpeakingEvent[]> {
    const sessions = await speakerSessions(db, userId);
    const cards = await events.cardsOf([...new Set(sessions.map((s) => s.eventId))]);
    return cards.map((event) => ({
      event,
      sessions: sessions.filter((s) => s.eventId === event.id).map(({ eventId: _, ...session }) => session),
    }));
  }

  return async (app) => {
    app.get(
      "/api/my-events",
      {
        schema: {
          tags: ["dashboard"],
          summary: "Events the user registered for, is on the team of, or speaks at (upcoming first)",
          response: { 200: MyEventsResponse },
        },
      },
      async (req) => {
        const userId = requireViewer(req);
        const [registered, hosted, speakingAt] = await Promise.all([
          registeredEventIds(db, userId).then(events.cardsOf),
          hostedEventIds(db, userId).then(events.cardsOf),
          speaking(userId),
        ]);
        return { registered, hosted, speaking: speakingAt };
      },
    );
  };
}
