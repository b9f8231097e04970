/** A text file sent with a mail (e.g. the confirmation's invite.ics). */
export interface MailAttachment {
  filename: string;
  contentType: string;
  content: string;
}

/** One e-mail; every mail has a plain-text and an HTML part. */
export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html: string;
  attachments?: MailAttachment[];
  /**
   * A stable Message-ID for mail sent by a job: if a crash makes the job send again, mail servers and
   * clients that deduplicate by Message-ID show it once.
   */
  messageId?: string;
  /** The one-click address a mail client posts to for the reader to stop this mail (RFC 8058). */
  unsubscribeUrl?: string;
}

/** The mail port: SMTP (nodemailer) when SMTP_URL is set, else the development mailbox. */
export interface Mailer {
  readonly kind: "smtp" | "dev-mailbox";
  send(message: MailMessage): Promise<void>;
  close(): Promise<void>;
}
