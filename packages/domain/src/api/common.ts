import { z } from "zod";

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

export const CurrentUser = z.object({
  id: z.number().int(),
  email: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  profilePhoto: z.string().nullable(),
  bio: z.string().nullable(),
  hasPassword: z.boolean(),
  emailVerified: z.boolean(),
  tosAccepted: z.iso.datetime().nullable(),
});
export type CurrentUser = z.infer<typeof CurrentUser>;

export const MeResponse = z.object({ user: CurrentUser.nullable() });
export type MeResponse = z.infer<typeof MeResponse>;

/** Row ids on the wire: positive integers a JS number holds exactly. */
export const Id = z.number().int().positive().max(Number.MAX_SAFE_INTEGER);

/** Text that is stored or looked up: PostgreSQL text cannot hold a NUL character. */
export const StoredText = (maxChars: number) =>
  z
    .string()
    .max(maxChars)
    .refine((text) => !text.includes("\u0000"), "must not contain NUL characters");
