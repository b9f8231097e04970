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
