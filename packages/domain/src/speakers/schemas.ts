import { z } from "zod";
import { Email } from "../auth/schemas";
import { EventCard } from "../event-page/schemas";
import { SessionState } from "../vocabulary";
import { Id } from "../wire";

// Speakers of an event (issue 23 §3.3; spec 1 §6 "speakers are recorded per video session"). A speaker
// is invited by e-mail to chosen sessions and gets the role on accepting the mailed link, the same road
// as a team invitation (docs/decisions.md, issue 23).
//
//   GET  /api/dash/events/:eventId/speakers                        → SpeakersResponse
//   POST /api/dash/events/:eventId/speakers  InviteSpeakerRequest  → 201 SpeakerInviteResponse
//        (404 session_not_found for a session not of the event, 409 channel_member_exists, 429)

/** One invitation names at most this many sessions (a long summit invites per day or track). */
export const SPEAKER_INVITE_SESSIONS_MAX = 50;

export const InviteSpeakerRequest = z
  .object({ email: Email, sessionIds: z.array(Id).min(1).max(SPEAKER_INVITE_SESSIONS_MAX) })
  .strict();
export type InviteSpeakerRequest = z.infer<typeof InviteSpeakerRequest>;

/** An open invitation to speak: nobody becomes a speaker until the address's owner accepts. */
export const SpeakerInvite = z.object({
  id: z.number().int(),
  email: z.string(),
  sessionIds: z.array(z.number().int()),
  expiresAt: z.iso.datetime(),
});
export type SpeakerInvite = z.infer<typeof SpeakerInvite>;

export const EventSpeaker = z.object({
  userId: z.number().int(),
  email: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  sessionIds: z.array(z.number().int()),
});
export type EventSpeaker = z.infer<typeof EventSpeaker>;

export const SpeakersResponse = z.object({
  speakers: z.array(EventSpeaker),
  invites: z.array(SpeakerInvite),
});
export type SpeakersResponse = z.infer<typeof SpeakersResponse>;

export const SpeakerInviteResponse = z.object({ invite: SpeakerInvite });
export type SpeakerInviteResponse = z.infer<typeof SpeakerInviteResponse>;

/** /my-events: an event the user speaks at, with the sessions they speak in (each a way to its greenroom). */
export const SpeakingEvent = z.object({
  event: EventCard,
  sessions: z.array(
    z.object({
      urlHash: z.string(),
      title: z.string(),
      timeScheduled: z.iso.datetime(),
      state: SessionState,
    }),
  ),
});
export type SpeakingEvent = z.infer<typeof SpeakingEvent>;
