import type { DevMail as DevMailSchema } from "@onstage/domain";
import type { FastifyBaseLogger } from "fastify";
import type { z } from "zod";
import type { Queryable } from "../database";
import type { Mailer } from "./mailer";

export type DevMail = z.infer<typeof DevMailSchema>;

export interface DevMailbox extends Mailer {
  readonly kind: "dev-mailbox";
  /** Newest first. */
  list(limit?: number): Promise<DevMail[]>;
}

export const DEV_MAILBOX_LIST_LIMIT = 50;

interface DevMailRow {
  id: number;
  to: string;
  subject: string;
  text: string;
  html: string;
  created_at: Date;
}

/**
 * The embedded default when SMTP_URL is unset: mail is kept in `dev_mailbox` for /dev/mailbox to show,
 * so a fresh install can sign in without a mail server.
 */
export function devMailbox(db: Queryable, log: FastifyBaseLogger): DevMailbox {
  return {
    kind: "dev-mailbox",
    async send({ to, subject, text, html }) {
      await db.query(`INSERT INTO dev_mailbox ("to", subject, text, html) VALUES ($1, $2, $3, $4)`, [
        to,
        subject,
        text,
        html,
      ]);
      // Never the body: it holds sign-in links, and logs travel further than the database.
      log.info(
        { to, subject },
        "mail stored in the development mailbox, not delivered (see /dev/mailbox; set SMTP_URL to deliver)",
      );
    },
    async list(limit = DEV_MAILBOX_LIST_LIMIT) {
      // By id, not created_at: mails sent in one transaction share the same now().
      const rows = await db.query<DevMailRow>(
        `SELECT id, "to", subject, text, html, created_at FROM dev_mailbox ORDER BY id DESC LIMIT $1`,
        [limit],
      );
      return rows.map((r) => ({
        id: r.id,
        to: r.to,
        subject: r.subject,
        text: r.text,
        html: r.html,
        createdAt: r.created_at.toISOString(),
      }));
    },
    // The database belongs to the caller.
    close: async () => undefined,
  };
}
