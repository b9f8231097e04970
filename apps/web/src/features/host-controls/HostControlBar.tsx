import {
  hostActions,
  type RoomResponse,
  type SessionAction,
  type SessionState,
  type ViewerFlags,
} from "@onstage/domain";
import { useState } from "react";
import { Button } from "../../ui/Button";
import { toast } from "../../ui/toast";
import { NoMinutesLeftDialog, ResetSessionDialog } from "./ConfirmDialogs";
import { type GoLiveChoice, GoLiveDialog } from "./GoLiveDialog";
import {
  moveSession,
  notifyFollowers,
  resetSession,
  type SessionRef,
  setRecording,
} from "./sessionControlApi";
import { useSessionControl } from "./useSessionControl";

const LABEL: Partial<Record<SessionAction, string>> = {
  enter_greenroom: "Enter greenroom",
  exit_greenroom: "Exit greenroom",
  go_live: "Go live",
  end_live: "End live",
  end_event: "End event",
  end_rtmp_native: "End broadcast",
};

const NOTICE_MS = 5_000;

export interface HostControlBarProps {
  room: RoomResponse;
  flags: ViewerFlags;
  event: { multiSession: boolean; private: boolean };
}

/** Spec 2 §4, §6: the host's moves for the session's state, recording, and reset. */
export function HostControlBar({ room, flags, event }: HostControlBarProps) {
  const { session, stream } = room;
  const ref: SessionRef = { sessionId: session.id, eventId: session.eventId };
  const [isGoLiveOpen, setGoLiveOpen] = useState(false);
  const [isResetOpen, setResetOpen] = useState(false);
  const move = useSessionControl(session.id, (input: { to: SessionState } & Partial<GoLiveChoice>) =>
    moveSession(ref, input.to, input),
  );
  const goLive = useSessionControl(
    session.id,
    (choice: GoLiveChoice) => moveSession(ref, "broadcasting", choice),
    "Failed to go live",
  );
  const reset = useSessionControl(session.id, () => resetSession(ref));
  const recording = useSessionControl(session.id, (isRecording: boolean) => setRecording(ref, isRecording));
  const busy = move.isPending || goLive.isPending || reset.isPending;
  const isOnAir = stream?.activeState === "recording" || stream?.activeState === "streaming";

  const onGoLive = (choice: GoLiveChoice) =>
    goLive.mutate(choice, {
      onSuccess: () => {
        if (!choice.notifyFollowers) return;
        notifyFollowers({ ...ref, organizationId: session.organizationId }).then(
          ({ queued }) => toast.success(`${queued} followers will be notified`, { durationMs: NOTICE_MS }),
          () => toast.error("Followers could not be notified", { durationMs: NOTICE_MS }),
        );
      },
    });

  return (
    <nav className="host-controls" aria-label="Host controls">
      {hostActions(session.state, flags, session.broadcastType).map((t) => (
        <Button
          key={t.action}
          size="sm"
          variant={t.action === "go_live" ? "primary" : "secondary"}
          disabled={busy}
          onClick={() => (t.action === "go_live" ? setGoLiveOpen(true) : move.mutate({ to: t.to }))}
        >
          {LABEL[t.action]}
        </Button>
      ))}
      {session.state === "broadcasting" && isOnAir && (
        <Button
          size="sm"
          variant="secondary"
          disabled={recording.isPending}
          onClick={() => recording.mutate(!stream.isRecording)}
        >
          {stream.isRecording ? "Pause recording" : "Start recording"}
        </Button>
      )}
      {session.state !== "scheduled" && (
        <Button size="sm" variant="secondary" disabled={busy} onClick={() => setResetOpen(true)}>
          Reset session
        </Button>
      )}
      <GoLiveDialog
        open={isGoLiveOpen}
        onOpenChange={setGoLiveOpen}
        multiSession={event.multiSession}
        isPrivate={event.private}
        followerCount={room.followerCount ?? 0}
        onGoLive={onGoLive}
      />
      <ResetSessionDialog
        open={isResetOpen}
        onOpenChange={setResetOpen}
        onConfirm={() => reset.mutate(undefined)}
      />
      <NoMinutesLeftDialog open={move.isOutOfMinutes} onClose={move.closeOutOfMinutes} />
    </nav>
  );
}
