import { type ReminderLead, reminderRuns } from "@onstage/domain";
import type { NewJob } from "../../platform/jobs/queries";

export const CONFIRMATION_JOB = "registration-confirmation";
export const RECEIPT_JOB = "registration-receipt";
export const REMINDER_JOB = "session-reminder";

export interface ReminderPayload {
  registrationId: number;
  sessionId: number;
  lead: ReminderLead;
  /** The start the reminder was planned for: if the session moves, this one is skipped. */
  plannedStartsAt: number;
  [key: string]: unknown;
}

/**
 * One reminder job per lead still ahead; the planned start is in the key, so a session that moved
 * gets reminders of its own while the old ones are skipped when they come up.
 */
export function reminderJobs(
  registrationId: number,
  session: { id: number; startsAt: number },
  now: number,
): NewJob[] {
  return reminderRuns(session.startsAt, now).map(({ lead, runAt }) => {
    const payload: ReminderPayload = {
      registrationId,
      sessionId: session.id,
      lead,
      plannedStartsAt: session.startsAt,
    };
    return {
      kind: REMINDER_JOB,
      key: `registration:${registrationId}:session:${session.id}:reminder-${lead}:${session.startsAt}`,
      payload,
      runAt: new Date(runAt),
    };
  });
}
