import { type EventPageData, sessionTransitionRefusal, type VideoSessionSummary } from "@onstage/domain";
import { useQueryClient } from "@tanstack/react-query";
import { Button } from "../../ui/Button";
import { viewerFlagsFor } from "../event-page/eventView";
import { eventKeys } from "../events/eventKeys";
import { NoMinutesLeftDialog } from "./ConfirmDialogs";
import { moveSession } from "./sessionControlApi";
import { useSessionControl } from "./useSessionControl";

/**
 * Spec 2 §4, spec 3 §4: the host level enters the greenroom of a scheduled session from the event page
 * (spec 1 §4 shows them the page, not the room, until then); the page then opens the room.
 */
export function EnterGreenroomButton({
  data,
  session,
}: {
  data: EventPageData;
  session: VideoSessionSummary;
}) {
  const queryClient = useQueryClient();
  const enter = useSessionControl(session.id, () =>
    moveSession({ sessionId: session.id, eventId: data.event.id }, "greenroom"),
  );
  const flags = viewerFlagsFor(data, session);
  // The plan is the server's to check ('No minutes left'): the button shows whoever may make the move.
  const plan = { isActive: true, monthlyHoursExceeded: false };
  if (sessionTransitionRefusal({ from: session.state, to: "greenroom", flags, plan }) !== null) return null;
  return (
    <>
      <Button
        fullWidth
        disabled={enter.isPending}
        onClick={() =>
          enter.mutate(undefined, {
            onSuccess: () =>
              queryClient.invalidateQueries({ queryKey: eventKeys.byCode(data.event.eventCode) }),
          })
        }
      >
        Enter greenroom
      </Button>
      <NoMinutesLeftDialog open={enter.isOutOfMinutes} onClose={enter.closeOutOfMinutes} />
    </>
  );
}
