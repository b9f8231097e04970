import type { MailMessage } from "../../platform/mail/mailer";
import { escapeHtml } from "../share-preview/html";

// Team mails (issue 5 §1), in the manner of features/auth/mails.ts. Pure: the service builds the link.

const PRODUCT = "Onstage";
const BRAND_COLOUR = "#EC5F3E";

interface TeamMailInput {
  to: string;
  channelName: string;
  inviterName: string;
  role: "admin" | "member";
  link: string;
}

export function teamInviteMail(input: TeamMailInput & { daysValid: number }): MailMessage {
  return teamMail(input, {
    subject: `${input.inviterName} invited you to ${input.channelName} on ${PRODUCT}`,
    intro: `${input.inviterName} invited you to join the team of ${input.channelName} on ${PRODUCT} as ${article(input.role)}. Use the button below to create your account and join.`,
    buttonLabel: "Accept the invitation",
    footer: `This link works once and expires in ${input.daysValid} ${input.daysValid === 1 ? "day" : "days"}. If you did not expect it, you can ignore this mail.`,
  });
}

/** For people who already have an account: they are on the team at once, this only tells them so. */
export function teamAddedMail(input: TeamMailInput): MailMessage {
  return teamMail(input, {
    subject: `You joined ${input.channelName} on ${PRODUCT}`,
    intro: `${input.inviterName} added you to the team of ${input.channelName} on ${PRODUCT} as ${article(input.role)}. Its events are now on your dashboard.`,
    buttonLabel: "Open my dashboard",
    footer: "If you think this is a mistake, ask the channel's owner to remove you.",
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
  const text = ["Hi there,", content.intro, input.link, content.footer, `— ${PRODUCT}`].join("\n\n");
  return { to: input.to, subject: content.subject, text: `${text}\n`, html: layout(content, input.link) };
}

// Tables and inline styles: the only layout that mail clients (Outlook, Gmail) render alike.
function layout(content: Content, link: string): string {
  const e = escapeHtml;
  const href = e(link);
  const row = (html: string, style = "") =>
    `<tr><td style="padding:0 0 16px;font-size:16px;line-height:24px;${style}">${html}</td></tr>`;
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${e(content.subject)}</title></head>
<body style="margin:0;padding:0;background:#f5f5f4;">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="background:#f5f5f4;padding:24px 12px;">
<tr><td align="center">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="max-width:480px;background:#ffffff;border-radius:8px;padding:32px;font-family:-apple-system,BlinkMacSystemFont,'Segoe UI',Helvetica,Arial,sans-serif;color:#1c1917;">
${row(e(PRODUCT), `font-size:22px;font-weight:700;color:${BRAND_COLOUR};padding-bottom:24px;`)}
${row("Hi there,")}
${row(e(content.intro))}
<tr><td style="padding:8px 0 24px;"><a href="${href}" style="display:inline-block;background:${BRAND_COLOUR};color:#ffffff;text-decoration:none;font-size:16px;font-weight:600;padding:14px 28px;border-radius:6px;">${e(content.buttonLabel)}</a></td></tr>
${row(`Or open this link:<br><a href="${href}" style="color:${BRAND_COLOUR};word-break:break-all;">${href}</a>`, "font-size:14px;color:#57534e;")}
${row(e(content.footer), "font-size:14px;color:#57534e;")}
</table>
</td></tr>
</table>
</body></html>
`;
}
