import { z } from "zod";
import {
  BroadcastType,
  CustomFieldType,
  EventAccess,
  EventRole,
  OrgRole,
  SessionState,
  SessionType,
  TicketPriceType,
} from "../vocabulary";

// Wire shapes of the event pages. Times are ISO strings on the wire; money is integer cents.

export const Channel = z.object({
  id: z.number().int(),
  name: z.string(),
  channelName: z.string(),
  profileImage: z.string().nullable(),
});
export type Channel = z.infer<typeof Channel>;

export const EventCard = z.object({
  id: z.number().int(),
  eventCode: z.string(),
  title: z.string(),
  description: z.string(),
  coverPhoto: z.string().nullable(),
  access: EventAccess,
  private: z.boolean(),
  /** The event's IANA time zone: cards show the viewer's zone with this one in the tooltip. */
  timezone: z.string(),
  organization: Channel,
  firstSessionStartDate: z.iso.datetime().nullable(),
  nextSessionStartDate: z.iso.datetime().nullable(),
  isLive: z.boolean(),
});
export type EventCard = z.infer<typeof EventCard>;

export const EventCardList = z.object({ events: z.array(EventCard) });
export type EventCardList = z.infer<typeof EventCardList>;

export const ChannelPage = z.object({ channel: Channel, events: z.array(EventCard) });
export type ChannelPage = z.infer<typeof ChannelPage>;

export const VideoSessionSummary = z.object({
  id: z.number().int(),
  urlHash: z.string(),
  title: z.string(),
  description: z.string(),
  timeScheduled: z.iso.datetime(),
  durationMinutes: z.number().int(),
  /** When the broadcast ended (spec 2 §2: the lobby lists ended sessions for 2 hours after). */
  timeBroadcastEnd: z.iso.datetime().nullable(),
  state: SessionState,
  sessionType: SessionType,
  broadcastType: BroadcastType,
  /** Something was recorded: an ended session offers 'Watch replay' rather than the thank-you (issue 23 §3.1). */
  hasRecording: z.boolean(),
});
export type VideoSessionSummary = z.infer<typeof VideoSessionSummary>;

export const Ticket = z.object({
  id: z.number().int(),
  title: z.string(),
  description: z.string(),
  price: z.object({
    type: TicketPriceType,
    value: z.number().int().nonnegative(),
    /** Spec 1 §3: 0 means no maximum. */
    maxValue: z.number().int().nonnegative(),
  }),
});
export type Ticket = z.infer<typeof Ticket>;

export const CustomRegistrationField = z.object({
  id: z.number().int(),
  type: CustomFieldType,
  question: z.string(),
  isRequired: z.boolean(),
  order: z.number().int(),
  answers: z.array(z.string()),
  min: z.number().nullable(),
  max: z.number().nullable(),
});
export type CustomRegistrationField = z.infer<typeof CustomRegistrationField>;

/** What the signed-in visitor is to this event; all false/null for an anonymous visitor. */
export const EventViewer = z.object({
  userId: z.number().int().nullable(),
  eventRole: EventRole.nullable(),
  orgRole: OrgRole.nullable(),
  isRegistered: z.boolean(),
  hasPaid: z.boolean(),
  isBanned: z.boolean(),
  /** Spec 2 §6: the sessions a speaker is assigned to (they count as guests in the others). */
  speakerSessionIds: z.array(z.number().int()),
});
export type EventViewer = z.infer<typeof EventViewer>;

/** Issue 28 §5: the event's Meta pixel and which of its two events the page sends (public by nature). */
export const EventMetaPixel = z.object({
  id: z.string(),
  eventPageLoad: z.boolean(),
  eventRegistrationCompleted: z.boolean(),
});
export type EventMetaPixel = z.infer<typeof EventMetaPixel>;

export const EventDetails = z.object({
  id: z.number().int(),
  eventCode: z.string(),
  title: z.string(),
  description: z.string(),
  coverPhoto: z.string().nullable(),
  timezone: z.string(),
  access: EventAccess,
  private: z.boolean(),
  passwordProtected: z.boolean(),
  seatLimit: z.number().int().nullable(),
  multiSession: z.boolean(),
  /** Spec 2 §7 toggle-clipping: viewers' clipping is off for the whole event. */
  disableClipping: z.boolean(),
  customRegisterButtonText: z.string().nullable(),
  eventTicketCurrency: z.string(),
  patreonTierAmountCents: z.number().int().nullable(),
  /** Spec 1 §5: attendees may not unregister themselves when set. */
  hideUnregister: z.boolean(),
  /** Absent when the event has no pixel: nothing of it reaches the page then. */
  metaPixel: EventMetaPixel.optional(),
  organization: Channel,
  firstSessionStartDate: z.iso.datetime().nullable(),
  nextSessionStartDate: z.iso.datetime().nullable(),
  archivedAt: z.iso.datetime().nullable(),
  deletedAt: z.iso.datetime().nullable(),
});
export type EventDetails = z.infer<typeof EventDetails>;

export const EventPageData = z.object({
  event: EventDetails,
  sessions: z.array(VideoSessionSummary),
  tickets: z.array(Ticket),
  customRegistrationFields: z.array(CustomRegistrationField),
  registeredCount: z.number().int().nonnegative(),
  viewer: EventViewer,
  /** Spec 1 §9 search-engine rule, decided on the server. */
  noindex: z.boolean(),
});
export type EventPageData = z.infer<typeof EventPageData>;

export const EventCodeParams = z.object({ eventCode: z.string().min(1).max(64) });
export const ChannelNameParams = z.object({ channelName: z.string().min(1).max(64) });
