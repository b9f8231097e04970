import { z } from "zod";
import { CUSTOM_REGISTER_BUTTON_TEXT_MAX_CHARS } from "../constants";
import { Channel } from "../event-page/schemas";
import { EventAccess, EventRole, OrgRole } from "../vocabulary";
import { DashCoupon } from "./coupons";
import { Cents, IdParam, Required, Text } from "./fields";
import { DASH_LIMITS as L } from "./limits";
import { DashQuestion } from "./questions";
import { DashSession, SessionInput } from "./sessions";
import { DashTicket } from "./tickets";

// A channel's events on the dashboard (issue 5 §1):
//   GET    /api/channels/:channelId/events                         → DashEventListResponse
//   POST   /api/channels/:channelId/events    CreateEventRequest   → 201 DashEventResponse
//   GET    /api/dash/events/:eventId                               → DashEventResponse
//   PATCH  /api/dash/events/:eventId          UpdateEventRequest   → DashEventResponse
//   POST   /api/dash/events/:eventId/archive | /unarchive          → DashEventResponse
//   DELETE /api/dash/events/:eventId                               → 204 (409 session_live)
//   POST   /api/dash/events/:eventId/cover    multipart `image`    → DashEventResponse (400 invalid_image)

export const DashEventIdParams = z.object({ eventId: IdParam });

const EventFields = {
  title: Required(L.eventTitleMaxChars),
  description: Text(L.eventDescriptionMaxChars),
  /** An IANA zone name; the server stores the canonical name (`canonicalTimeZone`). */
  timezone: z.string().trim().min(1).max(64),
  access: EventAccess,
  private: z.boolean(),
  /** Null or blank: no password. */
  password: z.string().max(L.eventPasswordMaxChars).nullable(),
  seatLimit: z.number().int().min(1).max(L.seatLimitMax).nullable(),
  /** Spec 1 §3: only the first 20 characters are shown, so no more are accepted. */
  customRegisterButtonText: Text(CUSTOM_REGISTER_BUTTON_TEXT_MAX_CHARS).nullable(),
  multiSession: z.boolean(),
  /** ISO 4217, upper-cased here; `isSupportedCurrency` checks it. */
  eventTicketCurrency: z.string().trim().toUpperCase().length(3),
  /** Required when access is `patreon`. */
  patreonTierAmountCents: Cents.nullable(),
  hideUnregister: z.boolean(),
  /**
   * Issue 28 §5. Null or blank clears it. The wire only bounds its length: `metaPixelIdRefusal` checks the
   * digits, so a wrong ID gets the catalogue's wording rather than a schema's.
   */
  metaPixelId: z.string().trim().max(64).nullable(),
  /** Sends PageView when the event's page loads. */
  metaPixelEventPageLoad: z.boolean(),
  /** Sends CompleteRegistration once a visitor has registered. */
  metaPixelEventRegistrationCompleted: z.boolean(),
};

export const CreateEventRequest = z
  .object({
    title: EventFields.title,
    description: EventFields.description.default(""),
    timezone: EventFields.timezone,
    access: EventFields.access.default("registration_required"),
    private: EventFields.private.default(false),
    password: EventFields.password.optional(),
    seatLimit: EventFields.seatLimit.optional(),
    customRegisterButtonText: EventFields.customRegisterButtonText.optional(),
    multiSession: EventFields.multiSession.default(false),
    eventTicketCurrency: EventFields.eventTicketCurrency.default("USD"),
    patreonTierAmountCents: EventFields.patreonTierAmountCents.optional(),
    hideUnregister: EventFields.hideUnregister.default(false),
    firstSession: SessionInput,
  })
  .strict();
export type CreateEventRequest = z.input<typeof CreateEventRequest>;
export type CreateEventInput = z.output<typeof CreateEventRequest>;

/** Every field optional; null clears the nullable ones. */
export const UpdateEventRequest = z
  .object({
    title: EventFields.title.optional(),
    description: EventFields.description.optional(),
    timezone: EventFields.timezone.optional(),
    access: EventFields.access.optional(),
    private: EventFields.private.optional(),
    password: EventFields.password.optional(),
    seatLimit: EventFields.seatLimit.optional(),
    customRegisterButtonText: EventFields.customRegisterButtonText.optional(),
    multiSession: EventFields.multiSession.optional(),
    eventTicketCurrency: EventFields.eventTicketCurrency.optional(),
    patreonTierAmountCents: EventFields.patreonTierAmountCents.optional(),
    hideUnregister: EventFields.hideUnregister.optional(),
    metaPixelId: EventFields.metaPixelId.optional(),
    metaPixelEventPageLoad: EventFields.metaPixelEventPageLoad.optional(),
    metaPixelEventRegistrationCompleted: EventFields.metaPixelEventRegistrationCompleted.optional(),
  })
  .strict();
export type UpdateEventRequest = z.infer<typeof UpdateEventRequest>;

/** A row of the channel's event list (GET /api/channels/:channelId/events). */
export const DashEventSummary = z.object({
  id: z.number().int(),
  eventCode: z.string(),
  title: z.string(),
  coverPhoto: z.string().nullable(),
  timezone: z.string(),
  access: EventAccess,
  private: z.boolean(),
  passwordProtected: z.boolean(),
  seatLimit: z.number().int().nullable(),
  multiSession: z.boolean(),
  firstSessionStartDate: z.iso.datetime().nullable(),
  nextSessionStartDate: z.iso.datetime().nullable(),
  isLive: z.boolean(),
  sessionCount: z.number().int().nonnegative(),
  registeredCount: z.number().int().nonnegative(),
  createdAt: z.iso.datetime(),
  archivedAt: z.iso.datetime().nullable(),
});
export type DashEventSummary = z.infer<typeof DashEventSummary>;

export const DashEventListResponse = z.object({ events: z.array(DashEventSummary) });
export type DashEventListResponse = z.infer<typeof DashEventListResponse>;

/** The full editable event. The password is shown: only the event's team can read this. */
export const DashEvent = z.object({
  id: z.number().int(),
  eventCode: z.string(),
  title: z.string(),
  description: z.string(),
  coverPhoto: z.string().nullable(),
  timezone: z.string(),
  access: EventAccess,
  private: z.boolean(),
  password: z.string().nullable(),
  seatLimit: z.number().int().nullable(),
  customRegisterButtonText: z.string().nullable(),
  multiSession: z.boolean(),
  eventTicketCurrency: z.string(),
  patreonTierAmountCents: z.number().int().nullable(),
  hideUnregister: z.boolean(),
  metaPixelId: z.string().nullable(),
  metaPixelEventPageLoad: z.boolean(),
  metaPixelEventRegistrationCompleted: z.boolean(),
  organization: Channel,
  registeredCount: z.number().int().nonnegative(),
  createdAt: z.iso.datetime(),
  archivedAt: z.iso.datetime().nullable(),
});
export type DashEvent = z.infer<typeof DashEvent>;

/** What the viewer is on this event, so the page shows only what they may do. */
export const DashViewer = z.object({
  orgRole: OrgRole.nullable(),
  eventRole: EventRole.nullable(),
  /** Channel owner or admin: may manage the channel and its team. */
  canManageChannel: z.boolean(),
});
export type DashViewer = z.infer<typeof DashViewer>;

/** GET /api/dash/events/:eventId; also the answer of create, update, archive, unarchive and cover. */
export const DashEventResponse = z.object({
  event: DashEvent,
  sessions: z.array(DashSession),
  tickets: z.array(DashTicket),
  coupons: z.array(DashCoupon),
  questions: z.array(DashQuestion),
  viewer: DashViewer,
});
export type DashEventResponse = z.infer<typeof DashEventResponse>;
