import type { MailMessage } from "../../platform/mail/mailer";
import { escapeHtml } from "../share-preview/html";

// The sign-in mails (spec 1 §7: magic link, verify e-mail, password reset). Pure: the service builds
// the link and sends the result through the mail port.

const PRODUCT = "Onstage";
const BRAND_COLOUR = "#EC5F3E";

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
  const name = input.firstName?.trim();
  const greeting = name ? `Hi ${name},` : "Hi there,";
  const expiry = `This link works once and expires in ${input.minutesValid} ${input.minutesValid === 1 ? "minute" : "minutes"}.`;
  const text = [greeting, content.intro, input.link, expiry, content.ignoreNote, `— ${PRODUCT}`].join("\n\n");
  return {
    to: input.to,
    subject: content.subject,
    text: `${text}\n`,
    html: layout({ ...content, greeting, expiry, link: input.link }),
  };
}

// Tables and inline styles: the only layout that mail clients (Outlook, Gmail) render alike.
function layout(parts: LinkMailContent & { greeting: string; expiry: string; link: string }): string {
  const e = escapeHtml;
  const href = e(parts.link);
  const paragraph = (html: string, style = "") =>
    `<tr><td style="padding:0 0 16px;font-size:16px;line-height:24px;${style}">${html}</td></tr>`;
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${e(parts.subject)}</title></head>
<body style="margin:0;padding:0;background:#f5f5f4;">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="background:#f5f5f4;padding:24px 12px;">
<tr><td align="center">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="max-width:480px;background:#ffffff;border-radius:8px;padding:32px;font-family:-apple-system,BlinkMacSystemFont,'Segoe UI',Helvetica,Arial,sans-serif;color:#1c1917;">
${paragraph(e(PRODUCT), `font-size:22px;font-weight:700;color:${BRAND_COLOUR};padding-bottom:24px;`)}
${paragraph(e(parts.greeting))}
${paragraph(e(parts.intro))}
<tr><td style="padding:8px 0 24px;"><a href="${href}" style="display:inline-block;background:${BRAND_COLOUR};color:#ffffff;text-decoration:none;font-size:16px;font-weight:600;padding:14px 28px;border-radius:6px;">${e(parts.buttonLabel)}</a></td></tr>
${paragraph(`Or open this link:<br><a href="${href}" style="color:${BRAND_COLOUR};word-break:break-all;">${href}</a>`, "font-size:14px;color:#57534e;")}
${paragraph(e(parts.expiry))}
${paragraph(e(parts.ignoreNote), "font-size:14px;color:#57534e;")}
</table>
</td></tr>
</table>
</body></html>
`;
}
