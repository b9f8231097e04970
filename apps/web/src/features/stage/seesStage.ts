import {
  type BroadcastType,
  roomLayout,
  type SessionState,
  type StageInput,
  showsStage,
  type ViewerFlags,
} from "@onstage/domain";

/**
 * Spec 2 §2, §4: stage members see the stage itself, unless ?useHLS shows them the audience's player.
 * Spec 1 §4: an RTMP broadcast has no camera stage; everyone watches the player there.
 */
export const seesStage = (
  flags: ViewerFlags,
  session: { state: SessionState; broadcastType: BroadcastType },
  params: URLSearchParams,
  intent: Pick<StageInput, "acceptedInvite" | "openStage"> = {},
): boolean =>
  roomLayout(session.broadcastType) === "stage" &&
  showsStage(flags, session.state, intent) &&
  !params.has("useHLS");
