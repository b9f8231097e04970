import { z } from "zod";
import { Id } from "./common";

// Joining the session's media room (issue 11 §2): the server decides who publishes; the browser gets
// what its media-room client needs.

export const JoinStageBody = z.object({ video_session_id: Id, event_id: Id }).strict();
export type JoinStageBody = z.infer<typeof JoinStageBody>;

export const MediaRoomJoin = z.discriminatedUnion("provider", [
  /** The embedded SFU: signalling goes over the realtime socket. */
  z.object({ provider: z.literal("embedded"), canPublish: z.boolean() }),
  /** LiveKit: the browser connects to `url` with a token the server minted (grants by role). */
  z.object({ provider: z.literal("livekit"), canPublish: z.boolean(), url: z.string(), token: z.string() }),
]);
export type MediaRoomJoin = z.infer<typeof MediaRoomJoin>;
