import type { RoomResponse } from "@onstage/domain";
import { Button } from "../../ui/Button";
import { moveSession } from "./sessionControlApi";
import type { CountdownView } from "./useGoLiveCountdown";
import { useSessionControl } from "./useSessionControl";

/** Spec 2 §4, §8: the go-live countdown over the stage; the host level may cancel it. */
export function CountdownOverlay({
  view,
  room,
  canCancel,
}: {
  view: NonNullable<CountdownView>;
  room: RoomResponse;
  canCancel: boolean;
}) {
  const { session } = room;
  const cancel = useSessionControl(session.id, () =>
    moveSession({ sessionId: session.id, eventId: session.eventId }, "greenroom"),
  );
  return (
    <div className="go-live-countdown" role="status">
      {view.phase === "counting" && (
        <>
          <span className="go-live-countdown__label">{view.label}</span>
          <span className="go-live-countdown__seconds">{view.secondsLeft}</span>
        </>
      )}
      {view.phase === "waiting" && <span className="go-live-countdown__label">Going live…</span>}
      {view.phase === "stuck" && (
        <span className="go-live-countdown__label">This is taking longer than usual. Please wait...</span>
      )}
      {view.phase === "live" && <span className="go-live-countdown__label">You're live!</span>}
      {canCancel && view.phase !== "live" && (
        <Button
          size="sm"
          variant="secondary"
          disabled={cancel.isPending}
          onClick={() => cancel.mutate(undefined)}
        >
          Cancel
        </Button>
      )}
    </div>
  );
}
