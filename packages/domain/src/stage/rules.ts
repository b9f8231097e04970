import { isHostLevel, type ViewerFlags } from "../roles/rules";
import type { SessionState } from "../vocabulary";

// Who goes on the live stage (spec 2 §1, §6; issue 11 §2). Stage media (WebRTC) is for the people on
// stage and the program feed's compositor; other viewers watch the composed program, over WebRTC in a
// small room (a viewer place: subscribe-only) or HLS (spec 2 §4, issue 27).

/** Spec 2 §1: the stage runs in the greenroom (the team rehearses) and while broadcasting. */
export function stageIsOpen(state: SessionState): boolean {
  return state === "greenroom" || state === "broadcasting";
}

export interface StageInput {
  flags: ViewerFlags;
  state: SessionState;
  signedIn: boolean;
  /** A visible event ban or a channel ban. */
  isBanned: boolean;
  /** A shadow ban in the event (issue 23 §2.4: on stage it is a ban, and must stay unnoticed). */
  isShadowBanned?: boolean;
  /** Issue 12: a guest who accepted the host's invitation to the stage. */
  acceptedInvite?: boolean;
  /** Issue 12: the host opened the stage to everyone in the session. */
  openStage?: boolean;
}

export type StageRefusal = "signed_out" | "banned" | "forbidden" | "stage_closed";

export interface StageRights {
  canPublish: boolean;
  /** Publishers, and the host's program-feed compositor, which only watches. */
  canSubscribe: boolean;
  /** May hold a watch-only place (the program feed's compositor): host-level people only (issue 23 §2.5). */
  canWatch: boolean;
  /** Why the viewer cannot take part now; null when they can. */
  refusal: StageRefusal | null;
  /** Issue 27: why the viewer may not watch the composed program over WebRTC; null when they may. */
  viewRefusal: ViewRefusal | null;
}

export type ViewRefusal = "signed_out" | "banned" | "not_broadcasting_yet";

/**
 * Issue 27 §1: a viewer place (the composed program over WebRTC, subscribe-only) is for anyone who may
 * read the session while it broadcasts; a shadow ban hides what one writes, not what one watches.
 */
export function viewRefusal(input: Pick<StageInput, "signedIn" | "isBanned" | "state">): ViewRefusal | null {
  if (!input.signedIn) return "signed_out";
  if (input.isBanned) return "banned";
  return input.state === "broadcasting" ? null : "not_broadcasting_yet";
}

/**
 * Whether the viewer is one of the people who go on stage, whatever the session's state: hosts, the
 * channel's team, event moderators and the session's assigned speakers (plus issue 12's invitees).
 */
export function mayJoinStage(input: Pick<StageInput, "flags" | "acceptedInvite" | "openStage">): boolean {
  const { flags } = input;
  return (
    flags.canComeOnStage ||
    flags.isEventModerator ||
    (input.acceptedInvite ?? false) ||
    (input.openStage ?? false)
  );
}

/** What the viewer may do with the stage's media in the session's current state. */
export function stageRights(input: StageInput): StageRights {
  const view = viewRefusal(input);
  const refused = (refusal: StageRefusal): StageRights => ({
    canPublish: false,
    canSubscribe: false,
    canWatch: false,
    refusal,
    viewRefusal: view,
  });
  if (!input.signedIn) return refused("signed_out");
  if (input.isBanned) return refused("banned");
  // Issue 23 §2.4: refused as anyone without the right is, so the shadow-banned cannot tell (decisions.md).
  if (input.isShadowBanned) return refused("forbidden");
  const canPublish = mayJoinStage(input);
  const canWatch = isHostLevel(input.flags);
  const canSubscribe = canPublish || canWatch;
  if (!canSubscribe) return refused("forbidden");
  // In scheduled, postevent and ended nobody is on stage: the room is closed.
  if (!stageIsOpen(input.state)) return refused("stage_closed");
  return { canPublish, canSubscribe, canWatch, refusal: null, viewRefusal: view };
}

/**
 * The room shows the live stage (device preview, tiles) to the people who may go on it while it is open:
 * the team, an accepted invitee, everyone while the stage is open (issue 12 §2).
 */
export function showsStage(
  flags: ViewerFlags,
  state: SessionState,
  intent: Pick<StageInput, "acceptedInvite" | "openStage"> = {},
): boolean {
  return stageIsOpen(state) && mayJoinStage({ flags, ...intent });
}
