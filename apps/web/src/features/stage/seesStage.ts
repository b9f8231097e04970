import { type SessionState, type StageInput, showsStage, type ViewerFlags } from "@onstage/domain";

/** Spec 2 §2, §4: stage members see the stage itself, unless ?useHLS shows them the audience's player. */
export const seesStage = (
  flags: ViewerFlags,
  state: SessionState,
  params: URLSearchParams,
  intent: Pick<StageInput, "acceptedInvite" | "openStage"> = {},
): boolean => showsStage(flags, state, intent) && !params.has("useHLS");
