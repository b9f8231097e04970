import { type DashEvent, type DashSession, errorMessage, sessionCountRefusal } from "@onstage/domain";
import { useState } from "react";
import { failureText } from "../../../api";
import { Badge } from "../../../ui/Badge";
import { DEFAULT_TOAST_MS, toast } from "../../../ui/toast";
import { ConfirmDialog } from "../form/ConfirmDialog";
import { BROADCAST_TYPE_LABELS, SESSION_STATE_LABELS, SESSION_TYPE_LABELS } from "../labels";
import { formatInZone } from "../zonedTime";
import { sessionApi } from "./editorApi";
import { PartList, PartRow } from "./PartList";
import { SessionDialog } from "./SessionDialog";
import { useEventPartMutation } from "./useEventEditor";

const sessionName = (session: DashSession, index: number) => session.title || `Session ${index + 1}`;

export function SessionsTab({ event, sessions }: { event: DashEvent; sessions: DashSession[] }) {
  const [editing, setEditing] = useState<DashSession | "new" | null>(null);
  const [deleting, setDeleting] = useState<DashSession | null>(null);
  const remove = useEventPartMutation(event.id, sessionApi.remove);
  const addRefusal = sessionCountRefusal("add", {
    multiSession: event.multiSession,
    sessionCount: sessions.length,
  });
  const confirmDelete = () =>
    deleting &&
    remove.mutate(deleting.id, {
      onSuccess: () => {
        toast.success("Session deleted", { durationMs: DEFAULT_TOAST_MS });
        setDeleting(null);
      },
    });
  const dialogs = (
    <>
      {editing !== null && (
        <SessionDialog
          eventId={event.id}
          timezone={event.timezone}
          session={editing === "new" ? null : editing}
          onClose={() => setEditing(null)}
        />
      )}
      <ConfirmDialog
        open={deleting !== null}
        onOpenChange={(open) => {
          if (!open) setDeleting(null);
          remove.reset();
        }}
        title="Delete session"
        description="The session leaves the schedule. Registrations for the event are kept."
        confirmLabel="Delete session"
        onConfirm={confirmDelete}
        isPending={remove.isPending}
        error={remove.error ? failureText(remove.error) : null}
      />
    </>
  );
  return (
    <PartList
      title="Sessions"
      addLabel="Add session"
      onAdd={() => setEditing("new")}
      addDisabledReason={addRefusal ? errorMessage(addRefusal) : null}
      isEmpty={sessions.length === 0}
      emptyText="No sessions yet."
      dialogs={dialogs}
    >
      {sessions.map((session, index) => (
        <PartRow
          key={session.id}
          name={sessionName(session, index)}
          details={
            <>
              <time dateTime={session.timeScheduled}>
                {formatInZone(session.timeScheduled, event.timezone)}
              </time>
              {` · ${session.durationMinutes} min`}
            </>
          }
          badges={
            <>
              <Badge>{SESSION_TYPE_LABELS[session.sessionType]}</Badge>
              <Badge>{BROADCAST_TYPE_LABELS[session.broadcastType]}</Badge>
              <Badge tone={session.state === "broadcasting" ? "danger" : "neutral"}>
                {SESSION_STATE_LABELS[session.state]}
              </Badge>
            </>
          }
          onEdit={() => setEditing(session)}
          onDelete={() => setDeleting(session)}
        />
      ))}
    </PartList>
  );
}
