import { type ErrorKind, errorMessage, OnstageError } from "@onstage/domain";
import type { FastifyError, FastifyInstance } from "fastify";
import { hasZodFastifySchemaValidationErrors } from "fastify-type-provider-zod";
import { DATABASE_RETRY_AFTER_S, isDatabaseUnavailable, outageLog } from "../platform/database/outage";
import type { ErrorReporter } from "../platform/error-reporting/reporter";

/** An error kind's HTTP status (the compositor socket refuses its upgrades with the same). */
export const ERROR_STATUS: Record<ErrorKind, number> = {
  bad_request: 400,
  unauthorized: 401,
  forbidden: 403,
  not_found: 404,
  conflict: 409,
  rate_limited: 429,
  unavailable: 503,
};

/** One mapping from errors to responses; a 500 carries no stack, SQL or other user's data. */
export function installErrorHandler(app: FastifyInstance, reporter: ErrorReporter): void {
  const isFirstOfOutage = outageLog();
  app.setErrorHandler((err: FastifyError | OnstageError, req, reply) => {
    if (err instanceof OnstageError) {
      return reply.code(ERROR_STATUS[err.kind]).send({ error: { code: err.code, message: err.message } });
    }
    if (hasZodFastifySchemaValidationErrors(err)) {
      const fields = err.validation.map((issue) => ({
        path: issue.instancePath.replace(/^\//, "").replaceAll("/", ".") || String(issue.params?.issue ?? ""),
        message: issue.message ?? "invalid",
      }));
      return reply.code(400).send({
        error: {
          code: "invalid_request",
          message: fields[0]?.message ?? errorMessage("invalid_request"),
          fields,
        },
      });
    }
    if (err.code === "FST_CSRF_INVALID_TOKEN" || err.code === "FST_CSRF_MISSING_SECRET") {
      return reply.code(403).send({ error: { code: "csrf_invalid", message: errorMessage("csrf_invalid") } });
    }
    // Fastify's own client errors (bad JSON, body too large, unsupported media type).
    const status = err.statusCode ?? 500;
    if (status >= 400 && status < 500) {
      return reply.code(status).send({ error: { code: err.code ?? "bad_request", message: err.message } });
    }
    if (isDatabaseUnavailable(err)) {
      if (isFirstOfOutage(err))
        req.log.error({ err }, "the database is unreachable: answering 503 until it is back");
      return reply
        .code(503)
        .header("retry-after", String(DATABASE_RETRY_AFTER_S))
        .send({ error: { code: "database_unavailable", message: errorMessage("database_unavailable") } });
    }
    reporter.report(err, { requestId: req.id, url: req.url, method: req.method });
    return reply.code(500).send({ error: { code: "internal", message: errorMessage("internal") } });
  });

  app.setNotFoundHandler((_req, reply) => {
    reply.code(404).send({ error: { code: "not_found", message: errorMessage("not_found") } });
  });
}
