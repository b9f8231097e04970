import { MyEventsResponse } from "@onstage/domain";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import type { Queryable } from "../../platform/database";
import { requireViewer } from "../access/viewer";
import type { FeatureDeps } from "../deps";

// Spec 1 §2 /my-events: the signed-in user's events, registered and hosted.

async function registeredEventIds(db: Queryable, userId: number): Promise<number[]> {
  const rows = await db.query<{ event_id: number }>(
    "SELECT event_id FROM event_registrations WHERE user_id = $1",
    [userId],
  );
  return rows.map((r) => r.event_id);
}

/** Events of the user's channels, and events where they are host, owner or admin. */
async function hostedEventIds(db: Queryable, userId: number): Promise<number[]> {
  const rows = await db.query<{ id: number }>(
    `SELECT e.id FROM events e JOIN organization_members om ON om.organization_id = e.organization_id
      WHERE om.user_id = $1
     UNION
     SELECT event_id FROM events_users_roles WHERE user_id = $1 AND event_role IN ('host', 'owner', 'admin')`,
    [userId],
  );
  return rows.map((r) => r.id);
}

export function myEventsRoutes({ db, events }: Pick<FeatureDeps, "db" | "events">): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      "/api/my-events",
      {
        schema: {
          tags: ["dashboard"],
          summary: "Events the user registered for, and events they host (upcoming first)",
          response: { 200: MyEventsResponse },
        },
      },
      async (req) => {
        const userId = requireViewer(req);
        const [registered, hosted] = await Promise.all([
          registeredEventIds(db, userId).then(events.cardsOf),
          hostedEventIds(db, userId).then(events.cardsOf),
        ]);
        return { registered, hosted };
      },
    );
  };
}
