import { MyEventsResponse, type SpeakingEvent } from "@onstage/domain";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { requireViewer } from "../../../kernel/identity/viewer";
import type { FeatureDeps } from "../../deps";
import { hostedEventIds, registeredEventIds, speakerSessions } from "./queries";

// Spec 1 §2 /my-events: the signed-in user's events: registered, on the team, and speaking (issue 23 §3.3).

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
