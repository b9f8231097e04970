import type { RoomSession } from "@onstage/domain";
import { useMutation } from "@tanstack/react-query";
import { failureText } from "../../api";
import { Button } from "../../ui/Button";
import { Dialog } from "../../ui/Dialog";
import { type OwnMove, ownMove } from "./intentsApi";

/**
 * Spec 2 §2: the dialog for a user invited on stage, with Accept or 'No, thanks'. Accept makes them an
 * accepted invitee: the room then shows them the stage's device preview, from which they join.
 */
export function StageInviteDialog({ session, open }: { session: RoomSession; open: boolean }) {
  const answer = useMutation({
    mutationFn: (m: OwnMove) => ownMove({ sessionId: session.id, eventId: session.eventId }, m),
  });
  return (
    <Dialog
      open={open}
      onOpenChange={() => undefined}
      dismissable={false}
      title="You are invited to the stage"
      description="The host invited you to join the stage with your camera and microphone."
    >
      {answer.isError && <p role="alert">{failureText(answer.error)}</p>}
      <div className="own-stage">
        <Button disabled={answer.isPending} onClick={() => answer.mutate("accept")}>
          Accept
        </Button>
        <Button variant="secondary" disabled={answer.isPending} onClick={() => answer.mutate("decline")}>
          No, thanks
        </Button>
      </div>
    </Dialog>
  );
}
