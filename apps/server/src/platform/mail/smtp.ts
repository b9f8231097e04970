import type { Transporter } from "nodemailer";
import type { Mailer } from "./mailer";

/**
 * nodemailer's own socket timeout is 10 minutes: a server that takes a message and never answers would
 * hold a job past its 5-minute lease, and another node would send the same mail again (issue 23 §2.10).
 * These keep one send well inside the lease; the URL's query may still set others.
 */
export const SMTP_TIMEOUTS_MS = { connectionTimeout: 30_000, greetingTimeout: 30_000, socketTimeout: 60_000 };

export interface SmtpMailer extends Mailer {
  readonly kind: "smtp";
}

/**
 * Delivers through the SMTP server in `smtpUrl` (smtp://user:pass@host:port, smtps:// for implicit TLS;
 * nodemailer reads options such as `?connectionTimeout=` from the query). A failed send throws: only the
 * caller knows whether a lost mail is worth a 500 or a log line.
 */
export function smtpMailer(smtpUrl: string, from: string): SmtpMailer {
  // nodemailer loads with the first mail: a server that sends none (the development mailbox, tests) never
  // carries it (issue 14 §5).
  let transport: Promise<Transporter> | null = null;
  const opened = () => {
    transport ??= import("nodemailer").then(({ createTransport }) =>
      createTransport({ url: smtpUrl, ...SMTP_TIMEOUTS_MS }),
    );
    return transport;
  };
  return {
    kind: "smtp",
    async send({ to, subject, text, html, attachments = [], messageId, unsubscribeUrl }) {
      await (await opened()).sendMail({
        from,
        to,
        subject,
        text,
        html,
        ...(messageId ? { messageId } : {}),
        ...(unsubscribeUrl
          ? {
              list: { unsubscribe: unsubscribeUrl },
              headers: { "List-Unsubscribe-Post": "List-Unsubscribe=One-Click" },
            }
          : {}),
        // base64 whatever the content: calendar lines must reach the client byte for byte.
        attachments: attachments.map((a) => ({ ...a, contentTransferEncoding: "base64" as const })),
      });
    },
    async close() {
      (await transport)?.close();
    },
  };
}
