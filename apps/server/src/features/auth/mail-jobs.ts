import { randomUUID } from "node:crypto";
import type { FastifyBaseLogger } from "fastify";
import type { Database } from "../../platform/database";
import { enqueueJobs } from "../../platform/jobs/queries";
import { type JobWorker, jobWorker } from "../../platform/jobs/worker";
import type { Mailer, MailMessage } from "../../platform/mail/mailer";
import { LINK_TOKEN_TTL_MINUTES } from "./tokens";

// Issue 23 §2.10: mail that lets people in (e-mail confirmation, magic link, password reset) leaves from
// the jobs table, as registration mails do: a mail server that is down for a minute delays it, never
// loses it. The request queues the job and nudges the worker, so a healthy server sends at once.

const AUTH_MAIL_JOB = "auth-mail";

/** Retries soon, a person is waiting: 5 s, 10 s, 20 s, 40 s, then every minute. */
export const authMailRetryDelayMs = (attempts: number) =>
  Math.min(5_000 * 2 ** Math.max(0, attempts - 1), 60_000);

interface AuthMailPayload {
  message: MailMessage;
  queuedAt: number;
}

export interface AuthMails {
  /** Queues the mail (after the caller's decision to send it) and starts sending it. */
  send(message: MailMessage): Promise<void>;
  worker: JobWorker;
}

export function authMails(deps: {
  db: Database;
  mailer: Mailer;
  publicUrl: string;
  clock: () => Date;
  log: FastifyBaseLogger;
}): AuthMails {
  const { db, clock } = deps;
  const host = new URL(deps.publicUrl).hostname;
  const worker = jobWorker({
    db,
    clock,
    log: deps.log,
    retryDelayMs: authMailRetryDelayMs,
    // The payload is a live sign-in link: gone from the table once sent or given up.
    forgetsPayload: true,
    handlers: {
      async [AUTH_MAIL_JOB](raw, context) {
        const { message, queuedAt } = raw as unknown as AuthMailPayload;
        // Its link has expired: a late mail would only disappoint.
        if (context.now.getTime() - queuedAt > LINK_TOKEN_TTL_MINUTES * 60_000) return "skipped";
        // Stable per job: sent again after a crash, clients show it once.
        const id = context.key.replace(/[^\w.-]/g, ".");
        await deps.mailer.send({ ...message, messageId: `<${id}@${host}>` });
        return "done";
      },
    },
  });
  return {
    worker,
    async send(message) {
      const payload: AuthMailPayload = { message, queuedAt: clock().getTime() };
      await enqueueJobs(db, [
        {
          kind: AUTH_MAIL_JOB,
          key: `auth-mail-${randomUUID()}`,
          payload: payload as unknown as Record<string, unknown>,
          runAt: clock(),
        },
      ]);
      worker.nudge();
    },
  };
}
