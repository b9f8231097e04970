import {
  type EventPageData,
  seesPlanNotices,
  sessionTransitionRefusal,
  type VideoSessionSummary,
} from "@onstage/domain";
import { useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { Button } from "../../ui/Button";
import { viewerFlagsFor } from "../event-page/eventView";
import { eventKeys } from "../events/eventKeys";
import { isOutOfMinutes } from "../plans/runtimeNotice";
import { usePlanDetails } from "../plans/usePlanDetails";
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
  // Owners and admins know the plan; an event host does not, and meets the server's refusal instead.
  const plan = usePlanDetails(data.event.organization.id, seesPlanNotices(flags));
  const [isRefusedHere, setRefusedHere] = useState(false);
  // The button shows whoever may make the move; the plan decides what a click does.
  const anyPlan = { isActive: true, monthlyHoursExceeded: false };
  if (sessionTransitionRefusal({ from: session.state, to: "greenroom", flags, plan: anyPlan }) !== null)
    return null;
  const onClick = () => {
    if (isOutOfMinutes(plan.data)) {
      // The plan may have changed since it was read: the next click asks with fresh details.
      void plan.refetch();
      return setRefusedHere(true);
    }
    enter.mutate(undefined, {
      onSuccess: () => queryClient.invalidateQueries({ queryKey: eventKeys.byCode(data.event.eventCode) }),
    });
  };
  const closeOutOfMinutes = () => {
    setRefusedHere(false);
    enter.closeOutOfMinutes();
  };
  return (
    <>
      <Button fullWidth disabled={enter.isPending} onClick={onClick}>
        Enter greenroom
      </Button>
      <NoMinutesLeftDialog open={isRefusedHere || enter.isOutOfMinutes} onClose={closeOutOfMinutes} />
    </>
  );
}
