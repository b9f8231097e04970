import { z } from "zod";
import { Id } from "../wire";

// Joining the session's media room (issue 11 §2): the server decides who publishes; the browser gets
// what its media-room client needs.

export const JoinStageBody = z
  .object({
    video_session_id: Id,
    event_id: Id,
    /** Issue 27: a viewer place, which receives the composed program alone and never publishes. */
    view: z.boolean().optional(),
  })
  .strict();
export type JoinStageBody = z.infer<typeof JoinStageBody>;

/** GET program-publisher: where the page that composes the program publishes it (issue 27, LiveKit). */
export const ProgramPublisherQuery = z.object({ video_session_id: z.coerce.number().pipe(Id) }).strict();
export type ProgramPublisherQuery = z.infer<typeof ProgramPublisherQuery>;

/**
 * On LiveKit the composed program is a participant of the session's room under this identity: viewer
 * places subscribe to it alone; the stage lists people only (numeric identities), never it.
 */
export const PROGRAM_PARTICIPANT_IDENTITY = "program";

export const MediaRoomJoin = z.discriminatedUnion("provider", [
  /** The embedded SFU: signalling goes over the realtime socket. */
  z.object({ provider: z.literal("embedded"), canPublish: z.boolean() }),
  /** LiveKit: the browser connects to `url` with a token the server minted (grants by role). */
  z.object({ provider: z.literal("livekit"), canPublish: z.boolean(), url: z.string(), token: z.string() }),
]);
export type MediaRoomJoin = z.infer<typeof MediaRoomJoin>;

// The embedded SFU's signalling over the realtime socket (docs/realtime.md "Stage signalling"). Each
// stage member holds two connections with the SFU: one it publishes on (it offers: audio, camera, screen
// transceivers in that order) and one it receives the others on (the SFU offers, on every change).

export const StageEvents = {
  /** Client -> server, acked: take a place in the session's media room. */
  join: "stage:join",
  /** Client -> server, acked with the SFU's answer: the publishing connection's offer. Server -> client:
   * the receiving connection's offer. */
  offer: "stage:offer",
  /** Client -> server: the answer to the receiving connection's offer. */
  answer: "stage:answer",
  /** Client -> server: a trickled ICE candidate of one of the two connections. */
  candidate: "stage:candidate",
  /** Client -> server: the member's muted camera or microphone and screen share. */
  state: "stage:state",
  /** Client -> server: off the stage. */
  leave: "stage:leave",
  /** Server -> client: who is on stage and on which receiving transceivers (mid) their tracks arrive. */
  participants: "stage:participants",
  /** Server -> client: the member is out of the room (left elsewhere, lost the right, the stage closed). */
  closed: "stage:closed",
  /** Server -> client: the SFU failed the member (its worker restarted): join again, with back-off. */
  restarted: "stage:restarted",
} as const;

/** The three publishing transceivers, in the order of the offer's m-lines. */
export const STAGE_SLOTS = ["audio", "video", "screen"] as const;
export type StageSlot = (typeof STAGE_SLOTS)[number];

const Sdp = z.string().min(1).max(100_000);
const SessionRef = { video_session_id: Id };

export const StageJoinMessage = z
  .object({
    ...SessionRef,
    /** Watch only (the program feed's compositor): publishes nothing and is no tile on stage. */
    watch: z.boolean().optional(),
    /** Issue 27: a viewer place: receives the composed program only, publishes nothing. */
    view: z.boolean().optional(),
  })
  .strict();
export const StageOfferMessage = z
  .object({
    ...SessionRef,
    sdp: Sdp,
    /** Issue 27: the composed program's publishing connection (host level), not the person's. */
    program: z.boolean().optional(),
  })
  .strict();
export const StageAnswerMessage = z.object({ ...SessionRef, sdp: Sdp }).strict();
export const StageCandidateMessage = z
  .object({
    ...SessionRef,
    connection: z.enum(["publish", "program", "subscribe"]),
    candidate: z
      .object({
        candidate: z.string().max(1_000),
        sdpMid: z.string().max(64).nullable().optional(),
        sdpMLineIndex: z.number().int().min(0).max(64).nullable().optional(),
      })
      .strip(),
  })
  .strict();
export const StageMediaState = z.object({
  audioMuted: z.boolean(),
  videoMuted: z.boolean(),
  screen: z.boolean(),
});
export type StageMediaState = z.infer<typeof StageMediaState>;
export const StageStateMessage = z.object({ ...SessionRef, ...StageMediaState.shape }).strict();
export const StageLeaveMessage = z.object(SessionRef).strict();

export const StageParticipantInfo = StageMediaState.extend({
  userId: z.number().int(),
  name: z.string(),
  /** Mids of this member's forwarded tracks on the receiver's connection (absent for oneself). */
  mids: z.object({ audio: z.string(), video: z.string(), screen: z.string() }).partial(),
});
export type StageParticipantInfo = z.infer<typeof StageParticipantInfo>;

/** Acks of the client's stage events. */
export type StageAck =
  | { status: "ok"; canPublish?: boolean; canPublishProgram?: boolean; sdp?: string }
  | { status: "error"; error: { code: string; message: string } };
