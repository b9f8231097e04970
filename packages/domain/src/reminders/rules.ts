import { REMINDER_LEADS_MS } from "../constants";

export type ReminderLead = keyof typeof REMINDER_LEADS_MS;

const LEADS = (Object.keys(REMINDER_LEADS_MS) as ReminderLead[]).sort(
  (a, b) => REMINDER_LEADS_MS[b] - REMINDER_LEADS_MS[a],
);

/** The reminders to schedule for a session starting at `startsAt`: each at start − lead, if still ahead. */
export function reminderRuns(startsAt: number, now: number): { lead: ReminderLead; runAt: number }[] {
  return LEADS.map((lead) => ({ lead, runAt: startsAt - REMINDER_LEADS_MS[lead] })).filter(
    (r) => r.runAt > now,
  );
}

export type ReminderVerdict = "send" | "moved" | "started" | "overtaken";

/**
 * Whether a reminder planned for a session starting at `plannedStartsAt` goes out at `now`: not when
 * the session has moved since (its new time has reminders of its own), has started, or when a shorter
 * reminder is already due (a worker that was down sends one reminder, not two in a row).
 */
export function reminderVerdict(input: {
  lead: ReminderLead;
  plannedStartsAt: number;
  startsAt: number;
  now: number;
}): ReminderVerdict {
  if (input.startsAt !== input.plannedStartsAt) return "moved";
  if (input.now >= input.startsAt) return "started";
  const shorterDue = LEADS.some(
    (l) =>
      REMINDER_LEADS_MS[l] < REMINDER_LEADS_MS[input.lead] &&
      input.now >= input.startsAt - REMINDER_LEADS_MS[l],
  );
  return shorterDue ? "overtaken" : "send";
}
