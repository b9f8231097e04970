import type { DashRegistration, RegistrationsPage, RegistrationsResponse } from "@onstage/domain";
import type { FeatureDeps } from "../../deps";
import { requireEventManager } from "../access";
import { registrationsCsv } from "./csv";
import { countPerDay } from "./per-day";
import * as q from "./queries";

export function dashRegistrationsService({ db }: Pick<FeatureDeps, "db">) {
  async function withAnswers(rows: q.RegistrationWithoutAnswers[]): Promise<DashRegistration[]> {
    const answers = await q.listAnswers(
      db,
      rows.map((r) => r.id),
    );
    return rows.map((r) => ({
      ...r,
      answers: answers
        .filter((a) => a.registrationId === r.id)
        .map(({ fieldId, question, answer }) => ({ fieldId, question, answer })),
    }));
  }

  return {
    async page(userId: number, eventId: number, query: RegistrationsPage): Promise<RegistrationsResponse> {
      const event = await requireEventManager(db, userId, eventId);
      // One more than asked tells whether another page follows.
      const rows = await q.listRegistrations(db, eventId, {
        before: query.cursor ?? null,
        limit: query.limit + 1,
      });
      const page = rows.slice(0, query.limit);
      const last = page.at(-1);
      const [registrations, total, buckets] = await Promise.all([
        withAnswers(page),
        q.countRegistrations(db, eventId),
        q.registrationBuckets(db, eventId),
      ]);
      return {
        registrations,
        nextCursor: rows.length > query.limit && last ? last.id : null,
        total,
        perDay: countPerDay(buckets, event.timezone),
      };
    },

    async csv(userId: number, eventId: number): Promise<{ fileName: string; body: string }> {
      const event = await requireEventManager(db, userId, eventId);
      const [rows, questions] = await Promise.all([
        q.listRegistrations(db, eventId, { before: null, limit: null }),
        q.listAnsweredQuestions(db, eventId),
      ]);
      const body = registrationsCsv({
        currency: event.currency,
        questions,
        registrations: await withAnswers(rows),
      });
      return { fileName: `registrations-${event.eventCode}.csv`, body };
    },
  };
}

export type DashRegistrationsService = ReturnType<typeof dashRegistrationsService>;
