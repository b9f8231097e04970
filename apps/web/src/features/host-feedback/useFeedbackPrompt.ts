import { mayGiveHostFeedback, type VideoSessionSummary, type ViewerFlags } from "@onstage/domain";
import { useEffect, useRef, useState } from "react";

/**
 * Spec 2 §4 'ended: a feedback modal may show to owner or admin': it opens when the session becomes
 * ended while their page is open (they pressed End event), not on every later visit (docs/decisions.md).
 * Held by the event page: ended sends the owner from the room back to the landing page, and the modal
 * stays open across that change.
 */
export function useFeedbackPrompt(session: VideoSessionSummary | null, flags: ViewerFlags | null) {
  const [openFor, setOpenFor] = useState<number | null>(null);
  const seen = useRef<{ id: number; state: string } | null>(null);
  useEffect(() => {
    if (!session || !flags) return;
    const before = seen.current;
    if (
      before?.id === session.id &&
      before.state !== session.state &&
      mayGiveHostFeedback(flags, session.state)
    ) {
      setOpenFor(session.id);
    }
    seen.current = { id: session.id, state: session.state };
  }, [session, flags]);
  return {
    sessionId: openFor,
    onOpenChange: (open: boolean) => {
      if (!open) setOpenFor(null);
    },
  };
}
