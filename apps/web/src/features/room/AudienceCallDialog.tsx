import { SESSION_INVITE_AUTO_ACCEPT_SECONDS } from "@onstage/domain";
import { useEffect, useState } from "react";
import { Button } from "../../ui/Button";
import { Dialog } from "../../ui/Dialog";
import type { PendingAudienceCall } from "./audienceCall";

/**
 * Spec 1 §2: 'Another session is about to start' with Accept and 'Stay here'; unanswered, it takes the
 * viewer there after 12 s.
 */
export function AudienceCallDialog({
  call,
  onAccept,
  onStay,
}: {
  call: PendingAudienceCall | null;
  onAccept: () => void;
  onStay: () => void;
}) {
  const [secondsLeft, setSecondsLeft] = useState(SESSION_INVITE_AUTO_ACCEPT_SECONDS);
  useEffect(() => {
    if (!call) return;
    setSecondsLeft(SESSION_INVITE_AUTO_ACCEPT_SECONDS);
    const timer = window.setInterval(() => setSecondsLeft((s) => s - 1), 1000);
    return () => window.clearInterval(timer);
  }, [call]);
  useEffect(() => {
    if (call && secondsLeft <= 0) onAccept();
  }, [call, secondsLeft, onAccept]);
  return (
    <Dialog
      open={call !== null}
      onOpenChange={(open) => {
        if (!open) onStay();
      }}
      title="Another session is about to start"
      description={call ? `${call.title}. Taking you there in ${Math.max(secondsLeft, 0)} s.` : ""}
    >
      <div className="audience-call__actions">
        <Button variant="secondary" onClick={onStay}>
          Stay here
        </Button>
        <Button onClick={onAccept} data-autofocus>
          Accept
        </Button>
      </div>
    </Dialog>
  );
}
