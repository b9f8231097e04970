import type { ViewerFlags } from "../roles/rules";
import type { SessionState } from "../vocabulary";

/** What a room does when a host calls the audience to another session (spec 2 §4 go-live popover). */
export type AudienceCallAction = "go" | "toast_only" | "ignore";

/**
 * The called session's own room (the host's tab among them) stays. Someone on stage where they are (a
 * stage member while the stage is open) must not be pulled off it: they only get the toast with 'Join'.
 * Everyone else goes to the called session.
 */
export function audienceCallAction(input: {
  calledSessionId: number;
  sessionId: number;
  state: SessionState;
  flags: ViewerFlags;
}): AudienceCallAction {
  if (input.calledSessionId === input.sessionId) return "ignore";
  const stageIsOpen = input.state === "greenroom" || input.state === "broadcasting";
  return input.flags.canComeOnStage && stageIsOpen ? "toast_only" : "go";
}
