import { z } from "zod";
import { EventCard } from "../event-page/schemas";
import { SpeakingEvent } from "../speakers/schemas";

// GET /api/my-events → MyEventsResponse (issue 5 §1).

export const MyEventsResponse = z.object({
  /** Events the user registered for. */
  registered: z.array(EventCard),
  /** Events of the user's channels, and events where they are host, owner, admin or moderator. */
  hosted: z.array(EventCard),
  /** Issue 23 §3.3: events where the user is a speaker, with their sessions. */
  speaking: z.array(SpeakingEvent),
});
export type MyEventsResponse = z.infer<typeof MyEventsResponse>;
