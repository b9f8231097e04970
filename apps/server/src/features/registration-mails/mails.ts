import { formatMoney, type ReminderLead, type VideoSessionSummary } from "@onstage/domain";
import { composeMail } from "../../platform/mail/layout";
import type { MailAttachment, MailMessage } from "../../platform/mail/mailer";
import type { MailRegistration } from "./queries";

// The attendee's mails (issue 10 §2.3): confirmation, receipt and reminders. Pure: the job handlers
// read the registration and send the result through the mail port.

interface AttendeeMailInput {
  registration: MailRegistration;
  /** The event page. */
  link: string;
}

/** "Thursday, May 1, 2030 at 6:00 PM GMT+2 (Europe/Berlin)": the zone's name says which clock. */
export function sessionTimeLabel(timeScheduled: string, timeZone: string): string {
  const time = new Intl.DateTimeFormat("en-US", {
    timeZone,
    dateStyle: "full",
    timeStyle: "short",
  }).format(new Date(timeScheduled));
  return `${time} (${timeZone})`;
}

const sessionDetails = (r: MailRegistration, sessions: VideoSessionSummary[]) =>
  sessions.map((s) => ({
    label: r.multiSession && s.title ? s.title : "When",
    value: sessionTimeLabel(s.timeScheduled, r.timeZone),
  }));

export function confirmationMail(
  input: AttendeeMailInput & { sessions: VideoSessionSummary[]; calendar: MailAttachment | null },
): MailMessage {
  const r = input.registration;
  return {
    ...composeMail({
      to: r.email,
      subject: `You're registered: ${r.title}`,
      firstName: r.firstName,
      paragraphs: [`You're registered for ${r.title} by ${r.organizationName}.`],
      details: sessionDetails(r, input.sessions),
      button: { label: "Open the event page", link: input.link },
      notes: [
        input.calendar
          ? "Open the attached invite.ics to add the event to your calendar. We'll remind you 24 hours and 1 hour before it starts."
          : "There is no upcoming session yet; we'll remind you before the next one the host schedules.",
      ],
    }),
    attachments: input.calendar ? [input.calendar] : [],
  };
}

export function receiptMail(
  input: AttendeeMailInput & { payment: { amountCents: number; currency: string } },
): MailMessage {
  const r = input.registration;
  return composeMail({
    to: r.email,
    subject: `Your receipt for ${r.title}`,
    firstName: r.firstName,
    paragraphs: [`Thank you for your payment. This is your receipt for ${r.title} by ${r.organizationName}.`],
    details: [
      { label: "Ticket", value: r.ticketTitle ?? "Ticket" },
      ...(r.couponName ? [{ label: "Coupon", value: r.couponName }] : []),
      { label: "Amount paid", value: formatMoney(input.payment.amountCents, input.payment.currency) },
      { label: "Currency", value: input.payment.currency },
    ],
    button: { label: "Open the event page", link: input.link },
    notes: ["Keep this mail for your records. For a refund, contact the event's host."],
  });
}

const LEAD_WORDS: Record<ReminderLead, string> = { "24h": "in 24 hours", "1h": "in 1 hour" };

export function reminderMail(
  input: AttendeeMailInput & { lead: ReminderLead; session: VideoSessionSummary },
): MailMessage {
  const r = input.registration;
  const name = r.multiSession && input.session.title ? `${r.title}: ${input.session.title}` : r.title;
  return composeMail({
    to: r.email,
    subject: `Starting ${LEAD_WORDS[input.lead]}: ${name}`,
    firstName: r.firstName,
    paragraphs: [`${name} by ${r.organizationName} starts ${LEAD_WORDS[input.lead]}.`],
    details: sessionDetails(r, [input.session]),
    button: { label: "Join the event", link: input.link },
    notes: ["You get this mail because you registered for this event."],
  });
}
