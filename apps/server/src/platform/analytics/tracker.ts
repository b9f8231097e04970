import type { AnalyticsEventName } from "@onstage/domain";
import type { FastifyBaseLogger } from "fastify";
import type { Queryable } from "../database";
import { insertAnalyticsEvent } from "./queries";

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
        await insertAnalyticsEvent(tx ?? db, name, fields);
      } catch (error) {
        // Inside a caller's transaction the failure must abort it; outside, analytics never fails a request.
        if (tx) throw error;
        log.warn({ err: error, analyticsEvent: name }, "analytics event not recorded");
      }
    },
  };
}
