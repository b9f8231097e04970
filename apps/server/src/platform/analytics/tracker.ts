import type { AnalyticsEventName } from "@onstage/domain";
import type { FastifyBaseLogger } from "fastify";
import type { Queryable } from "../database";

export interface TrackFields {
  userId?: number | null;
  eventId?: number | null;
  videoSessionId?: number | null;
  organizationId?: number | null;
  priority?: "normal" | "high";
  properties?: Record<string, unknown>;
}

/** The one port through which the specs' analytics events are recorded. */
export interface Tracker {
  /** Records within `tx` when given, so the event commits or rolls back with the change it describes. */
  track(name: AnalyticsEventName, fields?: TrackFields, tx?: Queryable): Promise<void>;
}

export function databaseTracker(db: Queryable, log: FastifyBaseLogger): Tracker {
  return {
    async track(name, fields = {}, tx) {
      try {
        await (tx ?? db).query(
          `INSERT INTO analytics_events (name, priority, user_id, event_id, video_session_id, organization_id, properties)
           VALUES ($1, $2, $3, $4, $5, $6, $7)`,
          [
            name,
            fields.priority ?? "normal",
            fields.userId ?? null,
            fields.eventId ?? null,
            fields.videoSessionId ?? null,
            fields.organizationId ?? null,
            JSON.stringify(fields.properties ?? {}),
          ],
        );
      } catch (error) {
        // Inside a caller's transaction the failure must abort it; outside, analytics never fails a request.
        if (tx) throw error;
        log.warn({ err: error, analyticsEvent: name }, "analytics event not recorded");
      }
    },
  };
}
