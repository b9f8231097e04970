import {
  type AudienceCalled,
  audienceCallAction,
  type SessionState,
  type ViewerFlags,
} from "@onstage/domain";
import { DEFAULT_TOAST_MS, toast } from "../../ui/toast";

/** A call to another session that waits for the viewer's answer (spec 1 §2 'Another session is about to start'). */
export interface PendingAudienceCall {
  title: string;
  path: string;
}

/**
 * Spec 2 §4 'Yes, call the audience': another session of the event went live and calls this room's
 * audience there. The decision is the domain's (audienceCallAction); this only carries it out: stage
 * people get a toast with Join, everyone else the dialog that redirects by itself (spec 1 §2).
 */
export function answerAudienceCall(
  call: AudienceCalled,
  here: { sessionId: number; state: SessionState; flags: ViewerFlags; eventCode: string },
  act: { navigate: (path: string) => void; ask: (pending: PendingAudienceCall) => void },
): void {
  const action = audienceCallAction({ calledSessionId: call.sessionId, ...here });
  if (action === "ignore") return;
  const path = `/c/${encodeURIComponent(here.eventCode)}/${encodeURIComponent(call.urlHash)}`;
  const title = `${call.title} is live now`;
  if (action === "toast_only") {
    // One toast per call, even if the message is heard twice (a replay after a reconnect).
    toast.info(title, {
      durationMs: DEFAULT_TOAST_MS,
      id: `audience-called-${call.sessionId}`,
      action: { label: "Join", onClick: () => act.navigate(path) },
    });
    return;
  }
  act.ask({ title, path });
}
