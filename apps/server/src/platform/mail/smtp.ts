import { createTransport } from "nodemailer";
import type { Mailer } from "./mailer";

export interface SmtpMailer extends Mailer {
  readonly kind: "smtp";
}

/**
 * Delivers through the SMTP server in `smtpUrl` (smtp://user:pass@host:port, smtps:// for implicit TLS;
 * nodemailer reads options such as `?connectionTimeout=` from the query). A failed send throws: only the
 * caller knows whether a lost mail is worth a 500 or a log line.
 */
export function smtpMailer(smtpUrl: string, from: string): SmtpMailer {
  const transport = createTransport(smtpUrl);
  return {
    kind: "smtp",
    async send({ to, subject, text, html }) {
      await transport.sendMail({ from, to, subject, text, html });
    },
    async close() {
      transport.close();
    },
  };
}
