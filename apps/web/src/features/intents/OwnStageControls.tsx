import {
  handRaisingOpen,
  mayJoinStage,
  type RoomSession,
  stageIsOpen,
  type ViewerFlags,
} from "@onstage/domain";
import { useMutation } from "@tanstack/react-query";
import { failureText } from "../../api";
import { Button } from "../../ui/Button";
import { toast } from "../../ui/toast";
import { type OwnMove, ownMove } from "./intentsApi";
import { ownIntent, useIntents } from "./useIntents";

/**
 * The audience's own stage controls: 'Raise hand' / 'Lower hand' while hands are allowed, and 'Leave
 * stage' for an invitee on it. The team goes on stage without asking and sees none of them.
 */
export function OwnStageControls(props: {
  session: RoomSession;
  viewerUserId: number | null;
  flags: ViewerFlags;
}) {
  const { session, viewerUserId } = props;
  const intents = useIntents();
  const move = useMutation({
    mutationFn: (m: OwnMove) => ownMove({ sessionId: session.id, eventId: session.eventId }, m),
    onError: (err) => toast.error(failureText(err), { durationMs: 5_000 }),
  });
  if (viewerUserId === null || mayJoinStage({ flags: props.flags })) return null;
  const type = ownIntent(intents.data, viewerUserId)?.intentType ?? null;
  const button = (label: string, m: OwnMove) => (
    <Button size="sm" variant="secondary" disabled={move.isPending} onClick={() => move.mutate(m)}>
      {label}
    </Button>
  );
  if (type === "invite_accepted" && stageIsOpen(session.state))
    return <div className="own-stage">{button("Leave stage", "decline")}</div>;
  if (type === "hand_raised") return <div className="own-stage">{button("Lower hand", "lower-hand")}</div>;
  if (type !== "invite_sent" && handRaisingOpen(session) && stageIsOpen(session.state))
    return <div className="own-stage">{button("Raise hand", "raise-hand")}</div>;
  return null;
}
