import { errorMessage } from "@onstage/domain";
import { useId, useState } from "react";
import { Button } from "../../ui/Button";
import { CreateClipDialog } from "./CreateClipDialog";
import { replayPoint, useIsClipsPanelOpen, useReplayVideo } from "./clipsRoom";
import { type ClipRoom, useClipAbility } from "./useClipAbility";

export interface CreateClipButtonProps extends ClipRoom {
  /**
   * The panel's button explains a refusal beside it, disabled (spec 3 §2's messages); the player's is
   * shown only to who may clip, and not while the panel's is.
   */
  place: "panel" | "player";
}

/** The 'Clip' button and its dialog: the current point is the replay's position, or the recording's end. */
export function CreateClipButton({ place, ...clipRoom }: CreateClipButtonProps) {
  const ability = useClipAbility(clipRoom);
  const replay = useReplayVideo();
  const reasonId = useId();
  const [opened, setOpened] = useState<{ pointSeconds: number | null } | null>(null);
  const isPanelOpen = useIsClipsPanelOpen();
  if (place === "player" && (isPanelOpen || ability.status !== "allowed")) return null;
  if (ability.status !== "allowed") {
    const reason = ability.status === "refused" ? errorMessage(ability.refusal) : null;
    return (
      <div className="clip-create">
        <Button size="sm" disabled aria-describedby={reason ? reasonId : undefined}>
          Clip
        </Button>
        {reason && (
          <p id={reasonId} className="clip-create__reason">
            {reason}
          </p>
        )}
      </div>
    );
  }
  const { room, event } = clipRoom;
  return (
    <>
      <Button size="sm" onClick={() => setOpened({ pointSeconds: replayPoint(replay) })}>
        Clip
      </Button>
      <CreateClipDialog
        open={opened !== null}
        onOpenChange={(open) => !open && setOpened(null)}
        sessionId={room.session.id}
        eventId={event.id}
        vodUrl={ability.vodUrl}
        pointSeconds={opened?.pointSeconds ?? null}
      />
    </>
  );
}
