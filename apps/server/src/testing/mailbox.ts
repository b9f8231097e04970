import type { TestClient } from "./client";

export interface ReceivedMail {
  to: string;
  subject: string;
  text: string;
  html: string;
}

/** The newest mail to `to` in the development mailbox (mail leaves after the response, so this waits). */
export async function lastMailTo(
  client: TestClient,
  to: string,
  subject?: string,
  seenTokens: string[] = [],
): Promise<ReceivedMail> {
  const deadline = Date.now() + 5_000;
  while (Date.now() < deadline) {
    const { messages } = (await client.get("/api/dev/mailbox")).json() as { messages: ReceivedMail[] };
    const mail = messages.find(
      (m) =>
        m.to === to && (!subject || m.subject === subject) && seenTokens.every((t) => !m.text.includes(t)),
    );
    if (mail) return mail;
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error(`no mail to ${to}${subject ? ` with subject ${subject}` : ""}`);
}

export function linkToken(mail: ReceivedMail): string {
  const token = mail.text.match(/#token=([A-Za-z0-9_-]{43})/)?.[1];
  if (!token) throw new Error(`no link token in mail "${mail.subject}"`);
  return token;
}
