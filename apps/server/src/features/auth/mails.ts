import { composeMail } from "../../platform/mail/layout";
import type { MailMessage } from "../../platform/mail/mailer";

// The sign-in mails (spec 1 §7: magic link, verify e-mail, password reset). Pure: the service builds
// the link and sends the result through the mail port.

const PRODUCT = "Onstage";

interface LinkMailInput {
  to: string;
  firstName: string | null;
  link: string;
  minutesValid: number;
}

/** What differs between the mails; greeting, button, plain link and expiry are the same for all. */
interface LinkMailContent {
  subject: string;
  intro: string;
  buttonLabel: string;
  /** Why a stranger who got this mail can stay calm. */
  ignoreNote: string;
}

export function magicLinkMail(input: LinkMailInput & { action: "login" | "signup_confirm" }): MailMessage {
  return input.action === "login"
    ? linkMail(input, {
        subject: `Your ${PRODUCT} sign-in link`,
        intro: `Use the button below to sign in to ${PRODUCT}.`,
        buttonLabel: `Sign in to ${PRODUCT}`,
        ignoreNote: "If you did not ask for this link, you can ignore this mail.",
      })
    : linkMail(input, {
        subject: `Confirm your email for ${PRODUCT}`,
        intro: `Confirm your email address to finish creating your ${PRODUCT} account.`,
        buttonLabel: "Confirm my email",
        ignoreNote: `If you did not sign up for ${PRODUCT}, you can ignore this mail.`,
      });
}

export function verifyEmailMail(input: LinkMailInput): MailMessage {
  return linkMail(input, {
    subject: "Verify your email",
    intro: `Please verify the email address of your ${PRODUCT} account.`,
    buttonLabel: "Verify my email",
    ignoreNote: "If you did not ask for this, you can ignore this mail.",
  });
}

export function passwordResetMail(input: LinkMailInput): MailMessage {
  return linkMail(input, {
    subject: `Reset your ${PRODUCT} password`,
    intro: `Someone asked to reset the password of your ${PRODUCT} account. Use the button below to choose a new one.`,
    buttonLabel: "Reset my password",
    ignoreNote: "If you did not ask for this, ignore this mail; your password is unchanged.",
  });
}

function linkMail(input: LinkMailInput, content: LinkMailContent): MailMessage {
  const expiry = `This link works once and expires in ${input.minutesValid} ${input.minutesValid === 1 ? "minute" : "minutes"}.`;
  return composeMail({
    to: input.to,
    subject: content.subject,
    firstName: input.firstName,
    paragraphs: [content.intro],
    button: { label: content.buttonLabel, link: input.link },
    notes: [expiry, content.ignoreNote],
  });
}
