interface Mail {
  to: string;
  subject: string;
  text: string;
  attachments: { filename: string; contentType: string; url: string }[];
}

/**
 * The newest mail to `to` with `subject` in the development mailbox, read the way a person opens their
 * inbox (mail leaves after the response, or from the job queue, so this waits for it).
 */
export async function mailFromMailbox(baseUrl: string, to: string, subject: string): Promise<Mail> {
  const deadline = Date.now() + 10_000;
  while (Date.now() < deadline) {
    const { messages } = (await (await fetch(`${baseUrl}/api/dev/mailbox`)).json()) as { messages: Mail[] };
    const mail = messages.find((m) => m.to === to && m.subject === subject);
    if (mail) return mail;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`no "${subject}" mail to ${to}`);
}

/** The e-mailed sign-in link in the newest mail to `to` with `subject`. */
export async function linkFromMailbox(baseUrl: string, to: string, subject: string): Promise<string> {
  const link = (await mailFromMailbox(baseUrl, to, subject)).text.match(
    /https?:\/\/\S+\/auth\/link#\S+/,
  )?.[0];
  if (!link) throw new Error(`no sign-in link in the "${subject}" mail to ${to}`);
  return link;
}
