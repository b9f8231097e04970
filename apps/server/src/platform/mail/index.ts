import type { FastifyBaseLogger } from "fastify";
import type { Queryable } from "../database";
import { type DevMailbox, devMailbox } from "./dev-mailbox";
import { type SmtpMailer, smtpMailer } from "./smtp";

export type { DevMail, DevMailbox } from "./dev-mailbox";
export type { Mailer, MailMessage } from "./mailer";
export type { SmtpMailer } from "./smtp";

/** Narrows on `kind`, so the caller can mount /dev/mailbox on the development mailbox only. */
export type OpenedMailer = DevMailbox | SmtpMailer;

/** SMTP when SMTP_URL is set; otherwise mail stays in the database's development mailbox. */
export function openMailer(options: {
  smtpUrl?: string | undefined;
  from: string;
  db: Queryable;
  log: FastifyBaseLogger;
}): OpenedMailer {
  if (options.smtpUrl) return smtpMailer(options.smtpUrl, options.from);
  return devMailbox(options.db, options.log);
}
