import {
  type AudienceCalled,
  audienceCallAction,
  type SessionState,
  type ViewerFlags,
} from "@onstage/domain";
import { DEFAULT_TOAST_MS, toast } from "../../ui/toast";

/**
 * Spec 2 §4 'Yes, call the audience': another session of the event went live and calls this room's
 * audience there. The decision is the domain's (audienceCallAction); this only carries it out.
 */
export function answerAudienceCall(
  call: AudienceCalled,
  here: { sessionId: number; state: SessionState; flags: ViewerFlags; eventCode: string },
  navigate: (path: string) => void,
): void {
  const action = audienceCallAction({ calledSessionId: call.sessionId, ...here });
  if (action === "ignore") return;
  const path = `/c/${encodeURIComponent(here.eventCode)}/${encodeURIComponent(call.urlHash)}`;
  const go = () => navigate(path);
  // One toast per call, even if the message is heard twice (a replay after a reconnect).
  const id = `audience-called-${call.sessionId}`;
  const title = `${call.title} is live now`;
  if (action === "toast_only") {
    toast.info(title, { durationMs: DEFAULT_TOAST_MS, id, action: { label: "Join", onClick: go } });
    return;
  }
  go();
  toast.info(title, { durationMs: DEFAULT_TOAST_MS, id });
}
