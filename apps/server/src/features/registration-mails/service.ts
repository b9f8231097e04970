import { canonicalTimeZone, reminderVerdict } from "@onstage/domain";
import { findUpcomingSessions } from "../../kernel/sessions/service";
import type { Database, Queryable } from "../../platform/database";
import { enqueueJobs } from "../../platform/jobs/queries";
import type { JobContext, JobHandler, JobResult } from "../../platform/jobs/worker";
import type { MailAttachment, Mailer, MailMessage } from "../../platform/mail/mailer";
import { eventCalendar } from "../events/service";
import { confirmationMail, receiptMail, reminderMail } from "./mails";
import {
  findMailRegistration,
  findSessionAttendees,
  type MailRegistration,
  rememberTimeZone,
} from "./queries";
import { CONFIRMATION_JOB, RECEIPT_JOB, REMINDER_JOB, type ReminderPayload, reminderJobs } from "./schedule";

export interface RegistrationMailDeps {
  db: Database;
  mailer: Mailer;
  publicUrl: string;
}

/**
 * The handlers of the registration mail jobs. Each reads the registration when it runs: a person who
 * unregistered (or an event that was deleted) gets nothing more.
 */
export function registrationMailJobs(deps: RegistrationMailDeps): Record<string, JobHandler> {
  const { db, publicUrl } = deps;
  const eventLink = (r: MailRegistration) => `${publicUrl}/c/${encodeURIComponent(r.eventCode)}`;
  // Stable per job: if a crash after sending makes the job run again, clients show the mail once.
  const send = async (message: MailMessage, context: JobContext): Promise<JobResult> => {
    const id = context.key.replace(/[^\w.-]/g, ".");
    await deps.mailer.send({ ...message, messageId: `<${id}@${new URL(publicUrl).hostname}>` });
    return "done";
  };
  const registrationOf = (payload: Record<string, unknown>) =>
    findMailRegistration(db, Number(payload.registrationId));

  return {
    async [CONFIRMATION_JOB](payload, context) {
      const registration = await registrationOf(payload);
      if (!registration) return "skipped";
      const sessions = await findUpcomingSessions(db, registration.eventId);
      const calendar: MailAttachment | null =
        sessions.length === 0
          ? null
          : {
              filename: "invite.ics",
              contentType: "text/calendar; charset=utf-8; method=PUBLISH",
              content: eventCalendar(
                {
                  event: { ...registration, organization: { name: registration.organizationName } },
                  sessions,
                },
                publicUrl,
                context.now,
              ),
            };
      return send(
        confirmationMail({ registration, link: eventLink(registration), sessions, calendar }),
        context,
      );
    },

    async [RECEIPT_JOB](payload, context) {
      const registration = await registrationOf(payload);
      if (!registration?.payment) return "skipped";
      const { payment } = registration;
      return send(receiptMail({ registration, link: eventLink(registration), payment }), context);
    },

    async [REMINDER_JOB](raw, context) {
      const payload = raw as ReminderPayload;
      const registration = await registrationOf(payload);
      if (!registration) return "skipped";
      const [session] = await findUpcomingSessions(db, registration.eventId, payload.sessionId);
      if (!session) return "skipped";
      const startsAt = Date.parse(session.timeScheduled);
      const now = context.now.getTime();
      const verdict = reminderVerdict({
        lead: payload.lead,
        plannedStartsAt: payload.plannedStartsAt,
        startsAt,
        now,
      });
      // The session moved: its new time gets its own reminders (a no-op if they are queued already).
      if (verdict === "moved")
        await enqueueJobs(db, reminderJobs(registration.id, { id: session.id, startsAt }, now));
      if (verdict !== "send") return "skipped";
      return send(
        reminderMail({ registration, link: eventLink(registration), lead: payload.lead, session }),
        context,
      );
    },
  };
}

/**
 * Called inside the registration's transaction (issue 10 §2.3): the confirmation, the receipt of a
 * paid ticket and the session reminders are queued only if the registration commits, once per
 * registration whatever retries.
 */
export async function scheduleRegistrationMails(
  tx: Queryable,
  input: {
    registrationId: number;
    eventId: number;
    userId: number;
    isPaid: boolean;
    timeZone: string | undefined;
    now: number;
  },
): Promise<void> {
  const zone = input.timeZone === undefined ? null : canonicalTimeZone(input.timeZone);
  if (zone) await rememberTimeZone(tx, input.userId, zone);
  const key = (kind: string) => `registration:${input.registrationId}:${kind}`;
  const payload = { registrationId: input.registrationId };
  const runAt = new Date(input.now);
  const sessions = await findUpcomingSessions(tx, input.eventId);
  await enqueueJobs(tx, [
    { kind: CONFIRMATION_JOB, key: key("confirmation"), payload, runAt },
    ...(input.isPaid ? [{ kind: RECEIPT_JOB, key: key("receipt"), payload, runAt }] : []),
    ...sessions.flatMap((s) =>
      reminderJobs(input.registrationId, { id: s.id, startsAt: Date.parse(s.timeScheduled) }, input.now),
    ),
  ]);
}

/**
 * Called inside the transaction that creates a session or changes its time: everyone registered for
 * its event gets reminders for the session's (new) start; reminders planned for an old start are
 * skipped when they come up.
 */
export async function scheduleSessionReminders(tx: Queryable, input: { sessionId: number; now: number }) {
  const attendees = await findSessionAttendees(tx, input.sessionId);
  await enqueueJobs(
    tx,
    attendees.flatMap((a) =>
      reminderJobs(a.registrationId, { id: input.sessionId, startsAt: a.startsAt }, input.now),
    ),
  );
}
