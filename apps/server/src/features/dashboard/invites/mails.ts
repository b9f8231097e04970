import { composeMail } from "../../../platform/mail/layout";
import type { MailMessage } from "../../../platform/mail/mailer";

// Team and speaker invitation mails (issue 5 §1, issue 23 §3.3), in the manner of features/auth/mails.ts.
// Pure: the service builds the link.

const PRODUCT = "Onstage";

interface TeamMailInput {
  to: string;
  channelName: string;
  inviterName: string;
  role: "admin" | "member";
  link: string;
}

/** Issue 10 §1.1: everyone is asked, people with an account too; the link proves the inbox. */
export function teamInviteMail(
  input: TeamMailInput & { daysValid: number; hasAccount: boolean },
): MailMessage {
  const next = input.hasAccount
    ? "Use the button below to accept, or accept it on your dashboard once you are signed in."
    : "Use the button below to create your account and join.";
  return teamMail(input, {
    subject: `${input.inviterName} invited you to ${input.channelName} on ${PRODUCT}`,
    intro: `${input.inviterName} invited you to join the team of ${input.channelName} on ${PRODUCT} as ${article(input.role)}. ${next}`,
    buttonLabel: "Accept the invitation",
    footer: validityNote(input.daysValid),
  });
}

const article = (role: "admin" | "member") => (role === "admin" ? "an admin" : "a member");

/** Issue 23 §3.3: a speaker is asked, like a teammate; accepting gives the role for the sessions named. */
export function speakerInviteMail(input: {
  to: string;
  eventTitle: string;
  sessionTitles: string[];
  inviterName: string;
  link: string;
  daysValid: number;
  hasAccount: boolean;
}): MailMessage {
  const sessions = input.sessionTitles.length > 0 ? ` (${input.sessionTitles.join(", ")})` : "";
  const next = input.hasAccount
    ? "Use the button below to accept; your events and their greenrooms are then under My events."
    : "Use the button below to create your account and accept; your events and their greenrooms are then under My events.";
  return teamMail(input, {
    subject: `${input.inviterName} invited you to speak at ${input.eventTitle} on ${PRODUCT}`,
    intro: `${input.inviterName} invited you to speak at ${input.eventTitle}${sessions} on ${PRODUCT}. ${next}`,
    buttonLabel: "Accept the invitation",
    footer: validityNote(input.daysValid),
  });
}

const validityNote = (days: number) =>
  `This link works once and expires in ${days} ${days === 1 ? "day" : "days"}. If you did not expect it, you can ignore this mail.`;

interface Content {
  subject: string;
  intro: string;
  buttonLabel: string;
  footer: string;
}

function teamMail(input: { to: string; link: string }, content: Content): MailMessage {
  return composeMail({
    to: input.to,
    subject: content.subject,
    firstName: null,
    paragraphs: [content.intro],
    button: { label: content.buttonLabel, link: input.link },
    notes: [content.footer],
  });
}
