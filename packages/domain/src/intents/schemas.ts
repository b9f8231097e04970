import { z } from "zod";
import { IntentType, TileState } from "../vocabulary";
import { Id } from "../wire";

// Stage intents (spec 2 §4, spec 1 §2 and §4): raise a hand, invite, accept, decline, uninvite.

/** One user's current intent in a session, with the names the people panel shows. */
export const SessionIntent = z.object({
  sessionId: z.number().int(),
  userId: z.number().int(),
  intentType: IntentType,
  /** Where an invitee appears: main (To Main Stage), side (To Gallery), offstage (To Stage Left). */
  tileState: TileState,
  createdByUserId: z.number().int().nullable(),
  updatedAt: z.iso.datetime(),
  firstName: z.string(),
  lastName: z.string(),
  profilePhoto: z.string().nullable(),
});
export type SessionIntent = z.infer<typeof SessionIntent>;

/** A user's intent removed (lowered hand, uninvited): who it was. */
export const SessionIntentRemoved = z.object({ sessionId: z.number().int(), userId: z.number().int() });
export type SessionIntentRemoved = z.infer<typeof SessionIntentRemoved>;

export const IntentsQuery = z.object({ video_session_id: z.coerce.number().pipe(Id) }).strict();

export const IntentsResponse = z.object({
  intents: z.array(SessionIntent),
  /** The session topic's sequence when read: subscribe with `since` = seq. */
  seq: z.number().int().nonnegative(),
});
export type IntentsResponse = z.infer<typeof IntentsResponse>;

/** The viewer's own intent: raise or lower a hand, accept or decline (or leave the stage). */
export const OwnIntentBody = z.object({ video_session_id: Id, event_id: Id }).strict();
export type OwnIntentBody = z.infer<typeof OwnIntentBody>;

/** A host's move on someone else's intent. */
export const HostIntentBody = OwnIntentBody.extend({ user_id: Id }).strict();
export type HostIntentBody = z.infer<typeof HostIntentBody>;

/** Invite To Main Stage, To Gallery or To Stage Left. */
export const InviteBody = HostIntentBody.extend({ tile_state: TileState }).strict();
export type InviteBody = z.infer<typeof InviteBody>;

/** A host's answer to a raised hand: Accept with a tile state (an invite), or Ignore. */
export const HandAnswer = z.enum([...TileState.options, "ignore"]);
export type HandAnswer = z.infer<typeof HandAnswer>;
export const AnswerHandBody = HostIntentBody.extend({ answer: HandAnswer }).strict();
export type AnswerHandBody = z.infer<typeof AnswerHandBody>;

/** The intent after the move; null when none is left. */
export const IntentResponse = z.object({ intent: SessionIntent.nullable() });
export type IntentResponse = z.infer<typeof IntentResponse>;
