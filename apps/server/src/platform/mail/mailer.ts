/** One e-mail; every mail has a plain-text and an HTML part. */
export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html: string;
}

/** The mail port: SMTP (nodemailer) when SMTP_URL is set, else the development mailbox. */
export interface Mailer {
  readonly kind: "smtp" | "dev-mailbox";
  send(message: MailMessage): Promise<void>;
  close(): Promise<void>;
}
