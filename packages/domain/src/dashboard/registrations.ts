import { z } from "zod";
import { IdParam } from "./fields";
import { DASH_LIMITS as L } from "./limits";

// An event's registrations on the dashboard (issue 5 §1):
//   GET    /api/dash/events/:eventId/registrations?cursor=&limit=  → RegistrationsResponse
//   GET    /api/dash/events/:eventId/registrations.csv             → text/csv attachment

export const RegistrationsQuery = z
  .object({
    /** The `nextCursor` of the previous page. */
    cursor: IdParam.optional(),
    limit: z.coerce.number().int().min(1).max(L.registrationsPageMax).default(L.registrationsPageDefault),
  })
  .strict();
export type RegistrationsQuery = z.input<typeof RegistrationsQuery>;
export type RegistrationsPage = z.output<typeof RegistrationsQuery>;

export const DashRegistration = z.object({
  id: z.number().int(),
  user: z.object({
    id: z.number().int(),
    firstName: z.string(),
    lastName: z.string(),
    email: z.string(),
  }),
  createdAt: z.iso.datetime(),
  ticket: z.object({ id: z.number().int(), title: z.string() }).nullable(),
  amountPaidCents: z.number().int().nonnegative(),
  /** The coupon's name. */
  coupon: z.string().nullable(),
  utmSource: z.string().nullable(),
  utmMedium: z.string().nullable(),
  utmCampaign: z.string().nullable(),
  utmTerm: z.string().nullable(),
  utmContent: z.string().nullable(),
  answers: z.array(z.object({ fieldId: z.number().int(), question: z.string(), answer: z.string() })),
});
export type DashRegistration = z.infer<typeof DashRegistration>;

export const RegistrationsResponse = z.object({
  /** Newest first. */
  registrations: z.array(DashRegistration),
  nextCursor: z.number().int().nullable(),
  total: z.number().int().nonnegative(),
  /** Registrations per calendar day in the event's time zone, oldest first; days without any are left out. */
  perDay: z.array(z.object({ date: z.iso.date(), count: z.number().int().positive() })),
});
export type RegistrationsResponse = z.infer<typeof RegistrationsResponse>;
