import type { DevMail as DevMailSchema } from "@onstage/domain";
import type { FastifyBaseLogger } from "fastify";
import type { z } from "zod";
import type { Queryable } from "../database";
import type { MailAttachment, Mailer } from "./mailer";
import * as q from "./queries";

export type DevMail = z.infer<typeof DevMailSchema>;

export interface DevMailbox extends Mailer {
  readonly kind: "dev-mailbox";
  /** Newest first. */
  list(limit?: number): Promise<DevMail[]>;
  /** The mail's attachment at `index` (as listed), or null. */
  attachment(mailId: number, index: number): Promise<MailAttachment | null>;
}

export const DEV_MAILBOX_LIST_LIMIT = 50;

export const devAttachmentUrl = (mailId: number, index: number) =>
  `/api/dev/mailbox/${mailId}/attachments/${index}`;

/**
 * The embedded default when SMTP_URL is unset: mail is kept in `dev_mailbox` for /dev/mailbox to show,
 * so a fresh install can sign in without a mail server.
 */
export function devMailbox(db: Queryable, log: FastifyBaseLogger): DevMailbox {
  return {
    kind: "dev-mailbox",
    async send({ to, subject, text, html, attachments = [] }) {
      await q.insertMail(db, { to, subject, text, html, attachments });
      // Never the body: it holds sign-in links, and logs travel further than the database.
      log.info(
        { to, subject },
        "mail stored in the development mailbox, not delivered (see /dev/mailbox; set SMTP_URL to deliver)",
      );
    },
    async list(limit = DEV_MAILBOX_LIST_LIMIT) {
      const rows = await q.listMails(db, limit);
      return rows.map((r) => ({
        id: r.id,
        to: r.to,
        subject: r.subject,
        text: r.text,
        html: r.html,
        attachments: r.attachments.map((a, index) => ({
          filename: a.filename,
          contentType: a.contentType,
          url: devAttachmentUrl(r.id, index),
        })),
        createdAt: r.created_at.toISOString(),
      }));
    },
    async attachment(mailId, index) {
      return q.findAttachment(db, mailId, index);
    },
    // The database belongs to the caller.
    close: async () => undefined,
  };
}
