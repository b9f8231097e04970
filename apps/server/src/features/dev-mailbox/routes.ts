import { DevMailboxResponse, Id, NotFound } from "@onstage/domain";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { escapeHtml } from "../../http/html";
import type { Queryable } from "../../platform/database";
import { DEV_MAILBOX_LIST_LIMIT, type DevMail, type DevMailbox } from "../../platform/mail/dev-mailbox";
import { mailboxReader } from "./access";

/**
 * The development mailbox, for signing in on an install without SMTP_URL. Anyone who can open these
 * pages can read every sign-in link, so app.ts registers them only outside production and only when
 * the mail port is the development mailbox, and they answer only this machine or the first channel's
 * owner (access.ts).
 */
export function devMailboxRoutes(mailbox: DevMailbox, db: Queryable): FastifyPluginAsyncZod {
  return async (app) => {
    app.addHook("onRequest", mailboxReader(db));
    app.get(
      "/api/dev/mailbox",
      {
        schema: {
          tags: ["dev"],
          summary: "Mail kept by the development mailbox instead of being delivered, newest first",
          response: { 200: DevMailboxResponse },
        },
      },
      async (_req, reply) => {
        reply.header("cache-control", "no-store");
        return { messages: await mailbox.list(DEV_MAILBOX_LIST_LIMIT) };
      },
    );

    app.get(
      "/api/dev/mailbox/:mailId/attachments/:index",
      {
        schema: {
          tags: ["dev"],
          summary: "One attachment of a mail in the development mailbox, as a download",
          params: z.object({
            mailId: z.coerce.number().pipe(Id),
            index: z.coerce.number().int().min(0).max(100),
          }),
        },
      },
      async (req, reply) => {
        const file = await mailbox.attachment(req.params.mailId, req.params.index);
        if (!file) throw NotFound();
        return reply
          .header("cache-control", "no-store")
          .header("content-disposition", `attachment; filename="${file.filename.replace(/[^\w.-]/g, "_")}"`)
          .type(file.contentType)
          .send(file.content);
      },
    );

    app.get("/dev/mailbox", { schema: { hide: true } }, async (_req, reply) =>
      reply
        .header("cache-control", "no-store")
        // Mail markup may style itself and show images, nothing more; srcdoc frames inherit this policy.
        .header(
          "content-security-policy",
          "default-src 'none'; style-src 'unsafe-inline'; img-src https: data:; form-action 'none'",
        )
        .type("text/html; charset=utf-8")
        .send(mailboxPage(await mailbox.list(DEV_MAILBOX_LIST_LIMIT))),
    );
  };
}

const PAGE_STYLE = `body{font-family:system-ui,sans-serif;max-width:900px;margin:2rem auto;padding:0 1rem;color:#1c1917}
.notice{background:#fff7ed;border:1px solid #EC5F3E;border-radius:6px;padding:.75rem 1rem}
article{border-top:1px solid #e7e5e4;padding:1rem 0}h2{margin:0 0 .25rem;font-size:1.1rem}
.meta{color:#57534e;margin:0 0 .75rem}iframe{width:100%;height:480px;border:1px solid #e7e5e4;border-radius:6px}
pre{white-space:pre-wrap;word-break:break-all;background:#fafaf9;padding:.75rem;border-radius:6px}`;

function mailboxPage(mails: DevMail[]): string {
  const list = mails.length === 0 ? "<p>No mail yet.</p>" : mails.map(mailArticle).join("\n");
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="robots" content="noindex"><title>Development mailbox</title>
<style>${PAGE_STYLE}</style></head>
<body><h1>Development mailbox</h1>
<p class="notice">This is the development mailbox: mail is <strong>not being delivered</strong>. Onstage keeps it
here because SMTP_URL is not set; set SMTP_URL to deliver mail. The newest ${DEV_MAILBOX_LIST_LIMIT} are shown.</p>
${list}
</body></html>
`;
}

// Links open in a new, unsandboxed tab so a sign-in link works as it would from a mail client.
const OPEN_LINKS_IN_NEW_TAB = '<base target="_blank">';
const HEAD_TAG = /<head(\s[^>]*)?>/i;

function mailArticle(mail: DevMail): string {
  const e = escapeHtml;
  // The frame has no scripts and an opaque origin: the mail's markup stays inert for this page.
  const srcdoc = HEAD_TAG.test(mail.html)
    ? mail.html.replace(HEAD_TAG, (head) => head + OPEN_LINKS_IN_NEW_TAB)
    : OPEN_LINKS_IN_NEW_TAB + mail.html;
  return `<article>
<h2>${e(mail.subject)}</h2>
<p class="meta">To ${e(mail.to)} · <time datetime="${e(mail.createdAt)}">${e(mail.createdAt)}</time></p>
<iframe sandbox="allow-popups allow-popups-to-escape-sandbox" title="${e(mail.subject)}" srcdoc="${e(srcdoc)}"></iframe>
<details open><summary>Text part</summary><pre>${e(mail.text)}</pre></details>
${attachmentList(mail.attachments)}
</article>`;
}

function attachmentList(attachments: DevMail["attachments"]): string {
  if (attachments.length === 0) return "";
  const e = escapeHtml;
  const items = attachments.map(
    (a) =>
      `<li><a href="${e(a.url)}" download="${e(a.filename)}">${e(a.filename)}</a> (${e(a.contentType)})</li>`,
  );
  return `<section aria-label="Attachments"><h3>Attachments</h3><ul>${items.join("")}</ul></section>`;
}
