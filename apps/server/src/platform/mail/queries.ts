import type { Queryable } from "../database";
import type { MailAttachment, MailMessage } from "./mailer";

// dev_mailbox: the development mailbox's mails (dev-mailbox.ts).

export async function insertMail(
  db: Queryable,
  mail: Pick<MailMessage, "to" | "subject" | "text" | "html"> & { attachments: MailAttachment[] },
): Promise<void> {
  await db.query(
    `INSERT INTO dev_mailbox ("to", subject, text, html, attachments) VALUES ($1, $2, $3, $4, $5::jsonb)`,
    [mail.to, mail.subject, mail.text, mail.html, JSON.stringify(mail.attachments)],
  );
}

interface DevMailRow {
  id: number;
  to: string;
  subject: string;
  text: string;
  html: string;
  attachments: MailAttachment[];
  created_at: Date;
}

/** The newest `limit` mails. */
export async function listMails(db: Queryable, limit: number): Promise<DevMailRow[]> {
  // By id, not created_at: mails sent in one transaction share the same now().
  return db.query<DevMailRow>(
    `SELECT id, "to", subject, text, html, attachments, created_at FROM dev_mailbox ORDER BY id DESC LIMIT $1`,
    [limit],
  );
}

export async function findAttachment(
  db: Queryable,
  mailId: number,
  index: number,
): Promise<MailAttachment | null> {
  const [row] = await db.query<{ attachment: MailAttachment | null }>(
    "SELECT attachments -> $2::int AS attachment FROM dev_mailbox WHERE id = $1",
    [mailId, index],
  );
  return row?.attachment ?? null;
}
