import { z } from "zod";

// Building blocks of every area's schemas (ids, stored text) and the answers no area owns: an error,
// the health check.

export const ErrorResponse = z.object({
  error: z.object({
    code: z.string(),
    message: z.string(),
    fields: z.array(z.object({ path: z.string(), message: z.string() })).optional(),
  }),
});
export type ErrorResponse = z.infer<typeof ErrorResponse>;

export const HealthResponse = z.object({ status: z.literal("ok"), database: z.enum(["pglite", "postgres"]) });
export type HealthResponse = z.infer<typeof HealthResponse>;

/** Row ids on the wire: positive integers a JS number holds exactly. */
export const Id = z.number().int().positive().max(Number.MAX_SAFE_INTEGER);

/** Text that is stored or looked up: PostgreSQL text cannot hold a NUL character. */
export const StoredText = (maxChars: number) =>
  z
    .string()
    .max(maxChars)
    .refine((text) => !text.includes("\u0000"), "must not contain NUL characters");
