import { DEFAULT_PRIMARY_COLOR } from "@onstage/domain";
import { escapeHtml } from "../../http/html";
import type { MailMessage } from "./mailer";

const PRODUCT = "Onstage";
// The product's own colour: a channel's brand colour is for its sessions' pictures, not Onstage's mail.
const BRAND_COLOUR = DEFAULT_PRIMARY_COLOR;

/** A product mail: greeting, paragraphs, labelled details, one button with its link, quiet notes. */
export interface MailContent {
  to: string;
  subject: string;
  firstName: string | null;
  paragraphs: string[];
  details?: { label: string; value: string }[];
  button: { label: string; link: string };
  /** Below the link, in small print: expiry, why the reader got the mail, what to do if unexpected. */
  notes: string[];
  /**
   * Mail the reader may stop (a channel's go-live mails): a link under the notes, and the mail's
   * List-Unsubscribe with its one-click POST address (RFC 8058).
   */
  unsubscribe?: { label: string; page: string; oneClick: string };
}

export function composeMail(content: MailContent): Omit<MailMessage, "attachments" | "messageId"> {
  const name = content.firstName?.trim();
  const greeting = name ? `Hi ${name},` : "Hi there,";
  const details = (content.details ?? []).map((d) => `${d.label}: ${d.value}`).join("\n");
  const text = [
    greeting,
    ...content.paragraphs,
    details,
    content.button.link,
    ...content.notes,
    content.unsubscribe ? `${content.unsubscribe.label}: ${content.unsubscribe.page}` : "",
    `— ${PRODUCT}`,
  ]
    .filter((part) => part !== "")
    .join("\n\n");
  return {
    to: content.to,
    subject: content.subject,
    text: `${text}\n`,
    html: layout(content, greeting),
    ...(content.unsubscribe ? { unsubscribeUrl: content.unsubscribe.oneClick } : {}),
  };
}

// Tables and inline styles: the only layout that mail clients (Outlook, Gmail) render alike.
function layout(content: MailContent, greeting: string): string {
  const e = escapeHtml;
  const href = e(content.button.link);
  const row = (html: string, style = "") =>
    `<tr><td style="padding:0 0 16px;font-size:16px;line-height:24px;${style}">${html}</td></tr>`;
  const details = (content.details ?? [])
    .map((d) => `<strong>${e(d.label)}</strong><br>${e(d.value)}`)
    .map((html) => row(html, "font-size:15px;"))
    .join("\n");
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${e(content.subject)}</title></head>
<body style="margin:0;padding:0;background:#f5f5f4;">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="background:#f5f5f4;padding:24px 12px;">
<tr><td align="center">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="max-width:480px;background:#ffffff;border-radius:8px;padding:32px;font-family:-apple-system,BlinkMacSystemFont,'Segoe UI',Helvetica,Arial,sans-serif;color:#1c1917;">
${row(e(PRODUCT), `font-size:22px;font-weight:700;color:${BRAND_COLOUR};padding-bottom:24px;`)}
${row(e(greeting))}
${content.paragraphs.map((p) => row(e(p))).join("\n")}
${details}
<tr><td style="padding:8px 0 24px;"><a href="${href}" style="display:inline-block;background:${BRAND_COLOUR};color:#ffffff;text-decoration:none;font-size:16px;font-weight:600;padding:14px 28px;border-radius:6px;">${e(content.button.label)}</a></td></tr>
${row(`Or open this link:<br><a href="${href}" style="color:${BRAND_COLOUR};word-break:break-all;">${href}</a>`, "font-size:14px;color:#57534e;")}
${content.notes.map((note) => row(e(note), "font-size:14px;color:#57534e;")).join("\n")}
${content.unsubscribe ? row(`<a href="${e(content.unsubscribe.page)}" style="color:#57534e;">${e(content.unsubscribe.label)}</a>`, "font-size:14px;") : ""}
</table>
</td></tr>
</table>
</body></html>
`;
}
