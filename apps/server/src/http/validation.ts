import { isUnsafeText, UNSAFE_TEXT_MESSAGE, unsafeTextPath } from "@onstage/domain";
import type { FastifyInstance, FastifySchemaCompiler } from "fastify";
import { validatorCompiler } from "fastify-type-provider-zod";
import type { z } from "zod";

// fastify-type-provider-zod marks its validation issues with this global symbol; errors.ts reads them.
const ZOD_ISSUE = Symbol.for("ZodFastifySchemaValidationError");

/**
 * Every route's schema check, preceded by one refusal of NUL characters and unpaired surrogates anywhere
 * in the body, query or params (spec-free: PostgreSQL cannot store them and they are never text).
 */
export const safeTextValidatorCompiler: FastifySchemaCompiler<z.ZodType> = (route) => {
  const validate = validatorCompiler(route);
  return (data) => {
    const path = unsafeTextPath(data);
    if (path === null) return validate(data);
    const issue = {
      [ZOD_ISSUE]: true,
      keyword: "custom",
      instancePath: `/${path.join("/")}`,
      schemaPath: "#",
      message: UNSAFE_TEXT_MESSAGE,
      params: {},
    };
    return { error: [issue] as unknown as Error };
  };
};

/**
 * Routes without a schema (the web app's pages, files) see the URL only: a NUL in it is refused before
 * routing, so no page handler ever passes one on to the database.
 */
export function refuseUnsafeUrls(app: FastifyInstance): void {
  app.addHook("onRequest", (req, reply, done) => {
    if (!isUnsafeText(safeDecode(req.url))) return done();
    reply.code(400).send({
      error: {
        code: "invalid_request",
        message: UNSAFE_TEXT_MESSAGE,
        fields: [{ path: "url", message: UNSAFE_TEXT_MESSAGE }],
      },
    });
  });
}

function safeDecode(url: string): string {
  try {
    return decodeURIComponent(url);
  } catch {
    // A malformed escape reaches no handler as text; the router answers it.
    return url;
  }
}
