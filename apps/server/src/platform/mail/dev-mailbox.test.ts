import { Writable } from "node:stream";
import Fastify from "fastify";
import { expect, test } from "vitest";
import { describeOnEachDatabase } from "../../testing/databases";
import { devMailbox } from "./dev-mailbox";

const SECRET_LINK = "https://onstage.test/auth/link#token=never-in-logs";

/** Fastify's own logger (pino), writing its JSON lines where the test can read them. */
function capturedLog() {
  const lines: string[] = [];
  const stream = new Writable({
    write(chunk: Buffer, _encoding, done) {
      lines.push(chunk.toString("utf8"));
      done();
    },
  });
  return { log: Fastify({ logger: { level: "info", stream } }).log, lines };
}

const mail = (n: number) => ({
  to: `guest-${n}@example.test`,
  subject: `Mail ${n}`,
  text: `Open ${SECRET_LINK}`,
  html: `<a href="${SECRET_LINK}">Open</a>`,
});

describeOnEachDatabase("development mailbox", (use) => {
  test("sent mail is stored and listed newest first", async () => {
    const mailbox = devMailbox(use(), capturedLog().log);
    for (const n of [1, 2, 3]) await mailbox.send(mail(n));

    const listed = await mailbox.list();
    expect(listed.map((m) => m.subject)).toEqual(["Mail 3", "Mail 2", "Mail 1"]);
    expect(listed[0]).toMatchObject({ ...mail(3), id: expect.any(Number) });
    expect(Date.parse(listed[0]?.createdAt ?? "")).not.toBeNaN();
    expect((await mailbox.list(2)).map((m) => m.subject)).toEqual(["Mail 3", "Mail 2"]);
  });

  test("each mail is logged with its recipient and subject, never its body", async () => {
    const { log, lines } = capturedLog();
    await devMailbox(use(), log).send(mail(7));

    expect(lines).toHaveLength(1);
    const entry = JSON.parse(lines[0] ?? "{}") as Record<string, unknown>;
    expect(entry).toMatchObject({ level: 30, to: "guest-7@example.test", subject: "Mail 7" });
    expect(entry.msg).toMatch(/development mailbox/);
    expect(lines[0]).not.toContain("never-in-logs");
  });
});
