import { composeMail } from "../../platform/mail/layout";
import type { MailMessage } from "../../platform/mail/mailer";

// Team mails (issue 5 §1), in the manner of features/auth/mails.ts. Pure: the service builds the link.

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
    footer: `This link works once and expires in ${input.daysValid} ${input.daysValid === 1 ? "day" : "days"}. If you did not expect it, you can ignore this mail.`,
  });
}

const article = (role: "admin" | "member") => (role === "admin" ? "an admin" : "a member");

interface Content {
  subject: string;
  intro: string;
  buttonLabel: string;
  footer: string;
}

function teamMail(input: TeamMailInput, content: Content): MailMessage {
  return composeMail({
    to: input.to,
    subject: content.subject,
    firstName: null,
    paragraphs: [content.intro],
    button: { label: content.buttonLabel, link: input.link },
    notes: [content.footer],
  });
}
