import { expect, test } from "vitest";
import { startSmtpServer as startServer, unfold } from "../../testing/smtp";
import { smtpMailer } from "./smtp";

const MESSAGE = {
  to: "ana@example.test",
  subject: "Your Onstage sign-in link",
  text: "Hi Ana,\n\nhttps://onstage.test/auth/link#token=abc123\n",
  html: '<p>Hi Ana,</p><p><a href="https://onstage.test/auth/link#token=abc123">Sign in</a></p>',
};

test("a mail reaches the SMTP server with To, Subject, From, a text part and an HTML part", async () => {
  const { port, received } = await startServer();
  const mailer = smtpMailer(`smtp://127.0.0.1:${port}`, "Onstage <no-reply@onstage.test>");

  await mailer.send(MESSAGE);
  await mailer.close();

  expect(received).toHaveLength(1);
  const raw = unfold(received[0] ?? "");
  expect(raw).toMatch(/^To: ana@example\.test\r$/m);
  expect(raw).toMatch(/^Subject: Your Onstage sign-in link\r$/m);
  expect(raw).toMatch(/^From: Onstage <no-reply@onstage\.test>\r$/m);
  expect(raw).toContain("Content-Type: text/plain");
  expect(raw).toContain("Content-Type: text/html");
  expect(raw).toContain("https://onstage.test/auth/link#token=abc123");
  expect(raw).toContain('<a href="https://onstage.test/auth/link#token=abc123">');
});

test("a mail the reader may stop carries List-Unsubscribe and its one-click POST (RFC 8058)", async () => {
  const { port, received } = await startServer();
  const mailer = smtpMailer(`smtp://127.0.0.1:${port}`, "Onstage <no-reply@onstage.test>");
  const oneClick = "https://onstage.test/api/follows/unfollow?token=1.2.3.abc";

  await mailer.send({ ...MESSAGE, unsubscribeUrl: oneClick });
  await mailer.close();

  const raw = unfold(received[0] ?? "");
  // nodemailer folds the long header onto a second line (RFC 5322 folding white space).
  expect(raw).toMatch(new RegExp(`^List-Unsubscribe:\\s+<${oneClick.replace(/[.?]/g, "\\$&")}>\r$`, "m"));
  expect(raw).toMatch(/^List-Unsubscribe-Post: List-Unsubscribe=One-Click\r$/m);
});

test("a refused recipient makes send reject", async () => {
  const { port, received } = await startServer({
    onRcptTo(_address, _session, done) {
      done(new Error("mailbox unavailable"));
    },
  });
  const mailer = smtpMailer(`smtp://127.0.0.1:${port}`, "Onstage <no-reply@onstage.test>");

  await expect(mailer.send(MESSAGE)).rejects.toThrow(/mailbox unavailable/);
  expect(received).toEqual([]);
  await mailer.close();
});
