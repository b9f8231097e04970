import type { AnalyticsEventName } from "@onstage/domain";
import type { Queryable } from "../database";
import type { TrackFields } from "./tracker";

export async function insertAnalyticsEvent(
  db: Queryable,
  name: AnalyticsEventName,
  fields: TrackFields,
): Promise<void> {
  await db.query(
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
}
