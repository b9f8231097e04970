import Fastify from "fastify";
import { serializerCompiler, validatorCompiler } from "fastify-type-provider-zod";
import { afterAll, beforeAll, expect, test } from "vitest";
import { type Database, openDatabase } from "../../platform/database";
import { type DevMailbox, devMailbox } from "../../platform/mail/dev-mailbox";
import { devMailboxRoutes } from "./routes";

let db: Database;
let mailbox: DevMailbox;
const app = Fastify();

beforeAll(async () => {
  db = await openDatabase({});
  mailbox = devMailbox(db, app.log);
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  await app.register(devMailboxRoutes(mailbox, db));
  await app.ready();
});
afterAll(async () => {
  await app.close();
  await db.close();
});

const LINK = "https://onstage.test/auth/link#token=abc";

test("an empty mailbox says mail is not delivered and how to deliver it", async () => {
  const res = await app.inject({ method: "GET", url: "/dev/mailbox" });
  expect(res.statusCode).toBe(200);
  expect(res.headers["content-type"]).toBe("text/html; charset=utf-8");
  expect(res.body).toContain("<title>Development mailbox</title>");
  expect(res.body).toContain("not being delivered");
  expect(res.body).toContain("set SMTP_URL to deliver mail");
  expect(res.body).toContain("No mail yet.");
  expect((await app.inject({ method: "GET", url: "/api/dev/mailbox" })).json()).toEqual({ messages: [] });
});

test("the JSON lists stored mail newest first with its parts", async () => {
  await mailbox.send({ to: "a@example.test", subject: "First", text: "one", html: "<p>one</p>" });
  await mailbox.send({ to: "b@example.test", subject: "Second", text: `two ${LINK}`, html: "<p>two</p>" });

  const res = await app.inject({ method: "GET", url: "/api/dev/mailbox" });
  expect(res.statusCode).toBe(200);
  expect(res.headers["cache-control"]).toBe("no-store");
  const { messages } = res.json() as { messages: Record<string, unknown>[] };
  expect(messages.map((m) => m.subject).slice(0, 2)).toEqual(["Second", "First"]);
  expect(messages[0]).toEqual({
    id: expect.any(Number),
    to: "b@example.test",
    subject: "Second",
    text: `two ${LINK}`,
    html: "<p>two</p>",
    attachments: [],
    createdAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
  });
});

test("the page escapes every field and shows the HTML part in a sandboxed frame", async () => {
  await mailbox.send({
    to: "<i>guest</i>@example.test",
    subject: "<b>x</b>",
    text: `Open ${LINK} <script>alert(1)</script>`,
    html: `<html><head></head><body><a href="${LINK}">Sign in</a><script>alert(2)</script></body></html>`,
  });

  const page = (await app.inject({ method: "GET", url: "/dev/mailbox" })).body;
  expect(page).toContain("<h2>&lt;b&gt;x&lt;/b&gt;</h2>");
  expect(page).not.toContain("<b>x</b>");
  expect(page).toContain("To &lt;i&gt;guest&lt;/i&gt;@example.test");
  expect(page).toContain(
    "<pre>Open https://onstage.test/auth/link#token=abc &lt;script&gt;alert(1)&lt;/script&gt;</pre>",
  );
  expect(page).toMatch(
    /<iframe sandbox="allow-popups allow-popups-to-escape-sandbox"[^>]* srcdoc="[^"]*"><\/iframe>/,
  );
  expect(page).toContain(
    `srcdoc="&lt;html&gt;&lt;head&gt;&lt;base target=&quot;_blank&quot;&gt;&lt;/head&gt;&lt;body&gt;&lt;a href=&quot;${LINK}&quot;&gt;`,
  );
  expect(page).not.toContain("<script");
});

test("attachments are listed on the page and in the JSON, and served as downloads", async () => {
  await mailbox.send({
    to: "c@example.test",
    subject: "With a file",
    text: "see the file",
    html: "<p>see the file</p>",
    attachments: [{ filename: "invite.ics", contentType: "text/calendar", content: "BEGIN:VCALENDAR\r\n" }],
  });

  const { messages } = (await app.inject({ method: "GET", url: "/api/dev/mailbox" })).json() as {
    messages: { id: number; attachments: { filename: string; contentType: string; url: string }[] }[];
  };
  const mail = messages[0];
  expect(mail?.attachments).toEqual([
    {
      filename: "invite.ics",
      contentType: "text/calendar",
      url: `/api/dev/mailbox/${mail?.id}/attachments/0`,
    },
  ]);
  const file = await app.inject({ method: "GET", url: mail?.attachments[0]?.url ?? "" });
  expect(file.statusCode).toBe(200);
  expect(file.headers["content-type"]).toMatch(/^text\/calendar/);
  expect(file.headers["content-disposition"]).toBe('attachment; filename="invite.ics"');
  expect(file.body).toBe("BEGIN:VCALENDAR\r\n");

  const page = (await app.inject({ method: "GET", url: "/dev/mailbox" })).body;
  expect(page).toContain(
    `<a href="/api/dev/mailbox/${mail?.id}/attachments/0" download="invite.ics">invite.ics</a>`,
  );
});
