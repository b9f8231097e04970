interface Mail {
  to: string;
  subject: string;
  text: string;
}

/**
 * The newest e-mailed link to `to`, read from the development mailbox the way a person opens their
 * inbox (mail leaves after the response, so this waits for it).
 */
export async function linkFromMailbox(baseUrl: string, to: string, subject: string): Promise<string> {
  const deadline = Date.now() + 10_000;
  while (Date.now() < deadline) {
    const { messages } = (await (await fetch(`${baseUrl}/api/dev/mailbox`)).json()) as { messages: Mail[] };
    const link = messages
      .find((m) => m.to === to && m.subject === subject)
      ?.text.match(/https?:\/\/\S+\/auth\/link#\S+/)?.[0];
    if (link) return link;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`no "${subject}" mail to ${to}`);
}
