import type { BroadcastType, IntentType, SessionType } from "../vocabulary";

// Stage intents (spec 2 §4 "Stage intents", spec 1 §4 "Other"): a user has at most one current intent per
// session; every change is one of these moves, decided from the intent it starts from.

/**
 * - raise_hand / lower_hand: the user themself (a guest in the audience).
 * - invite: a host invites a user, or answers a raised hand with Accept and a tile state (spec 1 §4:
 *   "hand_raised moves to invite_sent").
 * - accept: the invited user's own Accept (spec 2 §4).
 * - deny: the invited user's 'No, thanks', leaving the stage, or a host's Ignore of a raised hand.
 * - revoke: a host's Uninvite (spec 1 §4: deletes invite_sent or invite_accepted).
 */
export type IntentAction = "raise_hand" | "lower_hand" | "invite" | "accept" | "deny" | "revoke";
/** Who acts on the intent: the user it belongs to, or a host acting on someone else's. */
export type IntentActor = "self" | "host";

export type IntentRefusal =
  | "hand_already_raised"
  | "no_hand_raised"
  | "already_invited"
  | "already_on_stage"
  | "no_invite"
  | "not_allowed";

/** The intent after the move (null: no intent left), or why the move cannot be made. */
export type IntentMove = { next: IntentType | null } | { refusal: IntentRefusal };

const to = (next: IntentType | null): IntentMove => ({ next });
const refuse = (refusal: IntentRefusal): IntentMove => ({ refusal });

/** Spec 2 §4 Accept: whatever the intent was (a declined one removed, a raised hand deleted, an invite moved), the result is invite_accepted. */
function accept(current: IntentType | null, actor: IntentActor): IntentMove {
  // A user goes on stage by their own Accept of an invite only; a host answers a raised hand with an invite.
  if (actor !== "self") return refuse("not_allowed");
  if (current === "invite_accepted") return refuse("already_on_stage");
  return current === "invite_sent" ? to("invite_accepted") : refuse("no_invite");
}

/** Spec 2 §4 Deny: invite_accepted removed, hand_raised deleted, invite_sent moved: the result is invite_declined. */
function deny(current: IntentType | null, actor: IntentActor): IntentMove {
  if (actor === "host") return current === "hand_raised" ? to("invite_declined") : refuse("no_hand_raised");
  return current === "invite_sent" || current === "invite_accepted"
    ? to("invite_declined")
    : refuse("no_invite");
}

export function nextIntent(current: IntentType | null, action: IntentAction, actor: IntentActor): IntentMove {
  switch (action) {
    case "raise_hand":
      if (actor !== "self") return refuse("not_allowed");
      if (current === "hand_raised") return refuse("hand_already_raised");
      if (current === "invite_sent") return refuse("already_invited");
      if (current === "invite_accepted") return refuse("already_on_stage");
      return to("hand_raised");
    case "lower_hand":
      if (actor !== "self") return refuse("not_allowed");
      return current === "hand_raised" ? to(null) : refuse("no_hand_raised");
    case "invite":
      if (actor !== "host") return refuse("not_allowed");
      if (current === "invite_sent") return refuse("already_invited");
      if (current === "invite_accepted") return refuse("already_on_stage");
      return to("invite_sent");
    case "accept":
      return accept(current, actor);
    case "deny":
      return deny(current, actor);
    case "revoke":
      if (actor !== "host") return refuse("not_allowed");
      return current === "invite_sent" || current === "invite_accepted" ? to(null) : refuse("no_invite");
  }
}

export interface HostControlsSession {
  broadcastType: BroadcastType;
  sessionType: SessionType;
  allowRaisingHands: boolean;
  openStage: boolean;
}

/**
 * Spec 2 §6 people panel host controls: raise hands and open stage show only for webrtc sessions that are
 * not lobby sessions; raise hands is disabled while open stage is on; open stage disables the hands-raised list.
 */
export function hostControls(session: HostControlsSession) {
  const stageControls = session.broadcastType === "webrtc" && session.sessionType !== "lobby";
  return {
    showRaiseHands: stageControls,
    raiseHandsDisabled: session.openStage,
    showOpenStage: stageControls,
    showHideAudience: true,
    handsRaisedListDisabled: session.openStage,
    /** Issue 27: an encoder's broadcast (RTMP) is HLS for everyone already: nothing to show to all. */
    showShowToAll: session.broadcastType === "webrtc",
  };
}

/** Whether the audience may raise a hand now: the host allows it, the open stage is off, on a stage session. */
export function handRaisingOpen(session: HostControlsSession): boolean {
  const controls = hostControls(session);
  return controls.showRaiseHands && session.allowRaisingHands && !controls.raiseHandsDisabled;
}

export type HostSettingRefusal = "not_a_stage_session" | "open_stage_on" | "already_over_hls";

/**
 * The server's side of the same rules: allow raising hands and open stage are set only on webrtc, non-lobby
 * sessions, and allow raising hands not while the stage is open. Other settings are never refused here.
 */
export function hostSettingRefusal(session: HostControlsSession, setting: string): HostSettingRefusal | null {
  const controls = hostControls(session);
  if (setting === "open_stage") return controls.showOpenStage ? null : "not_a_stage_session";
  if (setting === "show_to_all") return controls.showShowToAll ? null : "already_over_hls";
  if (setting !== "allow_raising_hands") return null;
  if (!controls.showRaiseHands) return "not_a_stage_session";
  return controls.raiseHandsDisabled ? "open_stage_on" : null;
}

/**
 * Spec 2 §2 hidden audience: who is on the stage is seen by everyone in the session; a raised hand or an
 * invite is the business of the user, the team and, while the audience is shown, the audience. A move is
 * public when it puts someone on the stage or takes them off it.
 */
export function isIntentMovePublic(from: IntentType | null, to: IntentType | null): boolean {
  return from === "invite_accepted" || to === "invite_accepted";
}

/** Spec 2 §2: the people tab, the audience's presence and intents; guests lose them while it is hidden. */
export function seesAudience(input: { isTeam: boolean; hideAudience: boolean }): boolean {
  return input.isTeam || !input.hideAudience;
}
