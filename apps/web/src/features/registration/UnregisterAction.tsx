import type { EventPageData } from "@onstage/domain";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { Button } from "../../ui/Button";
import { Dialog } from "../../ui/Dialog";
import { eventKeys } from "../events/eventKeys";
import { unregisterUser } from "./registrationApi";
import "./registration.css";

/**
 * Spec 1 §7 `POST /api/events/unregister-user` for oneself, behind a confirmation that warns more
 * strongly for a ticketed event (as spec 1 §5 Remove Attendee does). Spec 1 §8: a failure is only logged.
 */
export function UnregisterAction({ data }: { data: EventPageData }) {
  const { event, viewer } = data;
  const queryClient = useQueryClient();
  const [isConfirming, setConfirming] = useState(false);
  const leave = useMutation({
    mutationFn: () =>
      unregisterUser({
        user_to_unregister_id: viewer.userId ?? 0,
        event_id: event.id,
        organization_id: event.organization.id,
        type: "event",
      }),
    onSettled: () => {
      setConfirming(false);
      return queryClient.invalidateQueries({ queryKey: eventKeys.byCode(event.eventCode) });
    },
    onError: (error) => console.error("unregister failed", error),
  });
  const warning =
    event.access === "ticketed"
      ? "You will give up your ticket and your spot. Any refund is up to the host."
      : "You will give up your spot and stop receiving updates about this event.";
  return (
    <>
      <Button variant="ghost" size="sm" fullWidth onClick={() => setConfirming(true)}>
        Unregister
      </Button>
      <Dialog
        open={isConfirming}
        onOpenChange={setConfirming}
        title="Unregister from this event?"
        description={warning}
      >
        <div className="registration__actions">
          <Button fullWidth disabled={leave.isPending} onClick={() => leave.mutate()}>
            Unregister
          </Button>
          <Button variant="secondary" fullWidth onClick={() => setConfirming(false)}>
            Keep my spot
          </Button>
        </div>
      </Dialog>
    </>
  );
}
