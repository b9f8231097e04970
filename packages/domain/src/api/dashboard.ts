import { z } from "zod";
import { CUSTOM_REGISTER_BUTTON_TEXT_MAX_CHARS, ORGANIZATION_NAME_MAX_CHARS } from "../constants";
import {
  BroadcastType,
  CouponType,
  CustomFieldType,
  EventAccess,
  EventRole,
  OrgRole,
  SessionType,
  TicketPriceType,
} from "../vocabulary";
import { Email } from "./auth";
import { Id } from "./common";
import { Channel, CustomRegistrationField, EventCard, Ticket, VideoSessionSummary } from "./events";
import { SpeakingEvent } from "./speakers";

// Wire shapes of the host dashboard (issue 5 §1): channels, team, events, sessions, tickets, coupons,
// custom registration questions, registrations and /my-events. Requests are strict camelCase objects;
// times are ISO strings; money is integer cents. Cross-field rules (a sliding ticket's maximum, a
// question's options, the channel-name pattern, time zones) are the domain rules of dashboard/rules.ts,
// checked by the server so every refusal carries its own error code.
//
// Endpoints (all need a signed-in user: 401; not the viewer's to manage: 403; unknown or deleted: 404):
//   GET    /api/dash                                      → DashResponse
//   POST   /api/channels                      CreateChannelRequest → 201 DashChannelResponse (409 channel_name_taken)
//   PATCH  /api/channels/:channelId           UpdateChannelRequest → DashChannelResponse
//   POST   /api/channels/:channelId/avatar    multipart `image`    → DashChannelResponse (400 invalid_image)
//   GET    /api/channels/:channelId/members                        → TeamResponse
//   POST   /api/channels/:channelId/members   AddMemberRequest     → AddMemberResponse (409 channel_member_exists)
//   PATCH  /api/channels/:channelId/members/:userId  UpdateMemberRequest → TeamMemberResponse (409 owner_locked)
//   DELETE /api/channels/:channelId/members/:userId                → 204 (409 owner_locked)
//   GET    /api/channels/:channelId/events                         → DashEventListResponse
//   POST   /api/channels/:channelId/events    CreateEventRequest   → 201 DashEventResponse
//   GET    /api/dash/events/:eventId                               → DashEventResponse
//   PATCH  /api/dash/events/:eventId          UpdateEventRequest   → DashEventResponse
//   POST   /api/dash/events/:eventId/archive | /unarchive          → DashEventResponse
//   DELETE /api/dash/events/:eventId                               → 204 (409 session_live)
//   POST   /api/dash/events/:eventId/cover    multipart `image`    → DashEventResponse (400 invalid_image)
//   POST   /api/dash/events/:eventId/sessions CreateSessionRequest → 201 DashSessionResponse (409 single_session_event)
//   PATCH  /api/dash/sessions/:sessionId      UpdateSessionRequest → DashSessionResponse
//   DELETE /api/dash/sessions/:sessionId                           → 204 (409 session_live | last_session)
//   POST   /api/dash/events/:eventId/tickets  CreateTicketRequest  → 201 DashTicketResponse (400 invalid_ticket_price)
//   PATCH  /api/dash/tickets/:ticketId        UpdateTicketRequest  → DashTicketResponse
//   DELETE /api/dash/tickets/:ticketId                             → 204
//   POST   /api/dash/events/:eventId/coupons  CreateCouponRequest  → 201 DashCouponResponse (409 coupon_name_taken)
//   PATCH  /api/dash/coupons/:couponId        UpdateCouponRequest  → DashCouponResponse
//   DELETE /api/dash/coupons/:couponId                             → 204
//   POST   /api/dash/events/:eventId/questions CreateQuestionRequest → 201 DashQuestionResponse
//   POST   /api/dash/events/:eventId/questions/reorder ReorderQuestionsRequest → DashQuestionsResponse
//   PATCH  /api/dash/questions/:questionId    UpdateQuestionRequest → DashQuestionResponse
//   DELETE /api/dash/questions/:questionId                         → 204
//   GET    /api/dash/events/:eventId/registrations?cursor=&limit=  → RegistrationsResponse
//   GET    /api/dash/events/:eventId/registrations.csv             → text/csv attachment
//   GET    /api/my-events                                          → MyEventsResponse

/** Bounds on the wire; the rules in dashboard/rules.ts decide the rest. See docs/decisions.md. */
export const DASH_LIMITS = {
  channelNameMinChars: 3,
  channelNameMaxChars: 40,
  channelDescriptionMaxChars: 2_000,
  eventTitleMaxChars: 200,
  eventDescriptionMaxChars: 20_000,
  eventPasswordMaxChars: 200,
  seatLimitMax: 1_000_000,
  sessionTitleMaxChars: 200,
  sessionDescriptionMaxChars: 5_000,
  /** A session lasts at most a day; longer programmes are several sessions. */
  sessionDurationMaxMinutes: 24 * 60,
  ticketTitleMaxChars: 200,
  ticketDescriptionMaxChars: 2_000,
  /** All amounts (ticket prices, amount coupons, membership tiers) are at most $100,000.00. */
  amountMaxCents: 10_000_000,
  couponNameMaxChars: 64,
  couponMaxRedemptions: 1_000_000,
  questionMaxChars: 500,
  questionOptionMaxChars: 200,
  questionMinOptions: 2,
  questionMaxOptions: 50,
  questionsPerEventMax: 50,
  registrationsPageDefault: 50,
  registrationsPageMax: 200,
} as const;

const L = DASH_LIMITS;
const IdParam = z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER);
const IsoTime = z.iso.datetime({ offset: true });
const Cents = z.number().int().nonnegative().max(L.amountMaxCents);
const Text = (max: number) => z.string().trim().max(max);
const Required = (max: number) => z.string().trim().min(1).max(max);

// --- Path and query parameters ---

export const ChannelIdParams = z.object({ channelId: IdParam });
export const ChannelMemberParams = z.object({ channelId: IdParam, userId: IdParam });
export const ChannelInviteParams = z.object({ channelId: IdParam, inviteId: IdParam });
export const InviteIdParams = z.object({ inviteId: IdParam });
export const DashEventIdParams = z.object({ eventId: IdParam });
export const SessionIdParams = z.object({ sessionId: IdParam });
export const TicketIdParams = z.object({ ticketId: IdParam });
export const CouponIdParams = z.object({ couponId: IdParam });
export const QuestionIdParams = z.object({ questionId: IdParam });

// --- Channels (GET /api/dash, POST /api/channels, PATCH /api/channels/:channelId, avatar) ---

export const DashChannel = Channel.extend({ description: z.string().nullable() });
export type DashChannel = z.infer<typeof DashChannel>;

/** A channel the signed-in user belongs to, with their role in it. */
export const DashChannelEntry = z.object({
  channel: DashChannel,
  role: OrgRole,
  /** Events not deleted (archived ones included). */
  eventCount: z.number().int().nonnegative(),
});
export type DashChannelEntry = z.infer<typeof DashChannelEntry>;

export const DashResponse = z.object({ channels: z.array(DashChannelEntry) });
export type DashResponse = z.infer<typeof DashResponse>;

/** `channelName` is lower-cased here; `channelNameRefusal` checks its pattern. */
export const CreateChannelRequest = z
  .object({
    name: Required(ORGANIZATION_NAME_MAX_CHARS),
    channelName: z.string().trim().toLowerCase().max(L.channelNameMaxChars),
  })
  .strict();
export type CreateChannelRequest = z.infer<typeof CreateChannelRequest>;

export const UpdateChannelRequest = z
  .object({
    name: Required(ORGANIZATION_NAME_MAX_CHARS).optional(),
    /** Blank or null clears it. */
    description: Text(L.channelDescriptionMaxChars).nullable().optional(),
  })
  .strict();
export type UpdateChannelRequest = z.infer<typeof UpdateChannelRequest>;

/** Answer of POST /api/channels (201), PATCH /api/channels/:channelId and POST .../avatar. */
export const DashChannelResponse = DashChannelEntry;
export type DashChannelResponse = DashChannelEntry;

// --- Team (/api/channels/:channelId/members) ---

export const TeamRole = z.enum(["admin", "member"]);
export type TeamRole = z.infer<typeof TeamRole>;

export const TeamMember = z.object({
  userId: z.number().int(),
  email: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  role: OrgRole,
});
export type TeamMember = z.infer<typeof TeamMember>;

/** A pending invitation to the team (issue 10 §1.1): nobody joins until the address's owner accepts. */
export const TeamInvite = z.object({
  id: z.number().int(),
  email: z.string(),
  role: TeamRole,
  expiresAt: z.iso.datetime(),
});
export type TeamInvite = z.infer<typeof TeamInvite>;

export const TeamResponse = z.object({ members: z.array(TeamMember), invites: z.array(TeamInvite) });
export type TeamResponse = z.infer<typeof TeamResponse>;

export const AddMemberRequest = z.object({ email: Email, role: TeamRole }).strict();
export type AddMemberRequest = z.infer<typeof AddMemberRequest>;

/** Answer of POST .../members and POST .../invites/:inviteId/resend: the invitation mailed. */
export const TeamInviteResponse = z.object({ invite: TeamInvite });
export type TeamInviteResponse = z.infer<typeof TeamInviteResponse>;

/** An invitation to the signed-in user's verified address, as GET /api/invites lists it. */
export const MyInvite = z.object({
  id: z.number().int(),
  channelId: z.number().int(),
  channelName: z.string(),
  role: TeamRole,
  expiresAt: z.iso.datetime(),
});
export type MyInvite = z.infer<typeof MyInvite>;

export const MyInvitesResponse = z.object({ invites: z.array(MyInvite) });
export type MyInvitesResponse = z.infer<typeof MyInvitesResponse>;

export const AcceptInviteResponse = z.object({ channelId: z.number().int() });
export type AcceptInviteResponse = z.infer<typeof AcceptInviteResponse>;

export const UpdateMemberRequest = z.object({ role: TeamRole }).strict();
export type UpdateMemberRequest = z.infer<typeof UpdateMemberRequest>;

export const TeamMemberResponse = z.object({ member: TeamMember });
export type TeamMemberResponse = z.infer<typeof TeamMemberResponse>;

// --- Sessions ---

export const SessionInput = z
  .object({
    title: Text(L.sessionTitleMaxChars).default(""),
    description: Text(L.sessionDescriptionMaxChars).default(""),
    timeScheduled: IsoTime,
    durationMinutes: z.number().int().min(1).max(L.sessionDurationMaxMinutes),
    sessionType: SessionType.default("regular"),
    broadcastType: BroadcastType.default("webrtc"),
  })
  .strict();
export type SessionInput = z.input<typeof SessionInput>;
/** A session as the server receives it, defaults applied. */
export type SessionFields = z.output<typeof SessionInput>;

export const CreateSessionRequest = SessionInput;
export type CreateSessionRequest = z.input<typeof CreateSessionRequest>;

export const UpdateSessionRequest = z
  .object({
    title: Text(L.sessionTitleMaxChars).optional(),
    description: Text(L.sessionDescriptionMaxChars).optional(),
    timeScheduled: IsoTime.optional(),
    durationMinutes: z.number().int().min(1).max(L.sessionDurationMaxMinutes).optional(),
    sessionType: SessionType.optional(),
    broadcastType: BroadcastType.optional(),
  })
  .strict();
export type UpdateSessionRequest = z.infer<typeof UpdateSessionRequest>;

/** Hosts edit the same session fields visitors see on the event page. */
export const DashSession = VideoSessionSummary;
export type DashSession = z.infer<typeof DashSession>;

export const DashSessionResponse = z.object({ session: DashSession });
export type DashSessionResponse = z.infer<typeof DashSessionResponse>;

// --- Events ---

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
  organization: Channel,
  registeredCount: z.number().int().nonnegative(),
  createdAt: z.iso.datetime(),
  archivedAt: z.iso.datetime().nullable(),
});
export type DashEvent = z.infer<typeof DashEvent>;

export const DashTicket = Ticket.extend({
  /** Registrations holding this ticket. */
  registeredCount: z.number().int().nonnegative(),
});
export type DashTicket = z.infer<typeof DashTicket>;

export const DashCoupon = z.object({
  id: z.number().int(),
  name: z.string(),
  couponType: CouponType,
  /** Whole percent (1-100) or cents. */
  value: z.number().int().positive(),
  maxRedemptions: z.number().int().positive().nullable(),
  expiresAt: z.iso.datetime().nullable(),
  /** Registrations that used it. */
  redemptionCount: z.number().int().nonnegative(),
});
export type DashCoupon = z.infer<typeof DashCoupon>;

/** The same shape the event page gives visitors: hosts edit what attendees answer. */
export const DashQuestion = CustomRegistrationField;
export type DashQuestion = z.infer<typeof DashQuestion>;

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

// --- Tickets ---

export const TicketPriceInput = z
  .object({
    type: TicketPriceType,
    value: Cents,
    /** Sliding only: 0 means no maximum; else at least `value`. */
    maxValue: Cents.default(0),
  })
  .strict();
export type TicketPriceInput = z.input<typeof TicketPriceInput>;

export const CreateTicketRequest = z
  .object({
    title: Required(L.ticketTitleMaxChars),
    description: Text(L.ticketDescriptionMaxChars).default(""),
    price: TicketPriceInput,
  })
  .strict();
export type CreateTicketRequest = z.input<typeof CreateTicketRequest>;
export type CreateTicketInput = z.output<typeof CreateTicketRequest>;

export const UpdateTicketRequest = z
  .object({
    title: Required(L.ticketTitleMaxChars).optional(),
    description: Text(L.ticketDescriptionMaxChars).optional(),
    price: TicketPriceInput.optional(),
  })
  .strict();
export type UpdateTicketRequest = z.input<typeof UpdateTicketRequest>;
export type UpdateTicketInput = z.output<typeof UpdateTicketRequest>;

export const DashTicketResponse = z.object({ ticket: DashTicket });
export type DashTicketResponse = z.infer<typeof DashTicketResponse>;

// --- Coupons ---

/** Letters, digits, '-' and '_': a code people type and that travels in ?couponName=. */
export const CouponName = z
  .string()
  .trim()
  .min(1)
  .max(L.couponNameMaxChars)
  .regex(/^[A-Za-z0-9_-]+$/, "use letters, digits, '-' and '_' only");

export const CreateCouponRequest = z
  .object({
    name: CouponName,
    couponType: CouponType,
    /** Percent: 1-100; amount: cents, at least 1. */
    value: z.number().int().min(1).max(L.amountMaxCents),
    maxRedemptions: z.number().int().min(1).max(L.couponMaxRedemptions).nullable().optional(),
    expiresAt: IsoTime.nullable().optional(),
  })
  .strict();
export type CreateCouponRequest = z.infer<typeof CreateCouponRequest>;

export const UpdateCouponRequest = z
  .object({
    name: CouponName.optional(),
    couponType: CouponType.optional(),
    value: z.number().int().min(1).max(L.amountMaxCents).optional(),
    maxRedemptions: z.number().int().min(1).max(L.couponMaxRedemptions).nullable().optional(),
    expiresAt: IsoTime.nullable().optional(),
  })
  .strict();
export type UpdateCouponRequest = z.infer<typeof UpdateCouponRequest>;

export const DashCouponResponse = z.object({ coupon: DashCoupon });
export type DashCouponResponse = z.infer<typeof DashCouponResponse>;

// --- Custom registration questions ---

const QuestionBound = z.number().finite().min(-1e12).max(1e12).nullable();

export const CreateQuestionRequest = z
  .object({
    type: CustomFieldType,
    question: Required(L.questionMaxChars),
    isRequired: z.boolean().default(false),
    /** The options of multiple_choice and multi_select (2 to 50, non-empty, unique); else empty. */
    answers: z.array(Text(L.questionOptionMaxChars)).max(L.questionMaxOptions).default([]),
    /** Number questions only. */
    min: QuestionBound.optional(),
    max: QuestionBound.optional(),
  })
  .strict();
export type CreateQuestionRequest = z.input<typeof CreateQuestionRequest>;
export type CreateQuestionInput = z.output<typeof CreateQuestionRequest>;

export const UpdateQuestionRequest = z
  .object({
    type: CustomFieldType.optional(),
    question: Required(L.questionMaxChars).optional(),
    isRequired: z.boolean().optional(),
    answers: z.array(Text(L.questionOptionMaxChars)).max(L.questionMaxOptions).optional(),
    min: QuestionBound.optional(),
    max: QuestionBound.optional(),
  })
  .strict();
export type UpdateQuestionRequest = z.infer<typeof UpdateQuestionRequest>;

export const DashQuestionResponse = z.object({ question: DashQuestion });
export type DashQuestionResponse = z.infer<typeof DashQuestionResponse>;

/** Every live question of the event exactly once, in the new order (order starts at 1). */
export const ReorderQuestionsRequest = z
  .object({ ids: z.array(Id).min(1).max(L.questionsPerEventMax) })
  .strict();
export type ReorderQuestionsRequest = z.infer<typeof ReorderQuestionsRequest>;

export const DashQuestionsResponse = z.object({ questions: z.array(DashQuestion) });
export type DashQuestionsResponse = z.infer<typeof DashQuestionsResponse>;

// --- Registrations ---

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

// --- /my-events ---

export const MyEventsResponse = z.object({
  /** Events the user registered for. */
  registered: z.array(EventCard),
  /** Events of the user's channels, and events where they are host, owner, admin or moderator. */
  hosted: z.array(EventCard),
  /** Issue 23 §3.3: events where the user is a speaker, with their sessions. */
  speaking: z.array(SpeakingEvent),
});
export type MyEventsResponse = z.infer<typeof MyEventsResponse>;
