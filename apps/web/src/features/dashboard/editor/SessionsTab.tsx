import { type DashEvent, type DashSession, errorMessage, sessionCountRefusal } from "@onstage/domain";
import { Badge } from "../../../ui/Badge";
import { BROADCAST_TYPE_LABELS, SESSION_STATE_LABELS, SESSION_TYPE_LABELS } from "../labels";
import { formatInZone } from "../zonedTime";
import { EditableListTab, type RowContent } from "./EditableListTab";
import { sessionApi } from "./editorApi";
import { SessionDialog } from "./SessionDialog";

const sessionName = (session: DashSession, index: number) => session.title || `Session ${index + 1}`;

function sessionRow(session: DashSession, index: number, timezone: string): RowContent {
  return {
    name: sessionName(session, index),
    details: (
      <>
        <time dateTime={session.timeScheduled}>{formatInZone(session.timeScheduled, timezone)}</time>
        {` · ${session.durationMinutes} min`}
      </>
    ),
    badges: (
      <>
        <Badge>{SESSION_TYPE_LABELS[session.sessionType]}</Badge>
        <Badge>{BROADCAST_TYPE_LABELS[session.broadcastType]}</Badge>
        <Badge tone={session.state === "broadcasting" ? "danger" : "neutral"}>
          {SESSION_STATE_LABELS[session.state]}
        </Badge>
      </>
    ),
  };
}

export function SessionsTab({ event, sessions }: { event: DashEvent; sessions: DashSession[] }) {
  const addRefusal = sessionCountRefusal("add", {
    multiSession: event.multiSession,
    sessionCount: sessions.length,
  });
  return (
    <EditableListTab
      eventId={event.id}
      items={sessions}
      title="Sessions"
      addLabel="Add session"
      addDisabledReason={addRefusal ? errorMessage(addRefusal) : null}
      emptyText="No sessions yet."
      row={(session, index) => sessionRow(session, index, event.timezone)}
      renderDialog={(session, close) => (
        <SessionDialog eventId={event.id} timezone={event.timezone} session={session} onClose={close} />
      )}
      remove={sessionApi.remove}
      deleteLabel="Delete session"
      deleteDescription="The session leaves the schedule. Registrations for the event are kept."
      deletedText="Session deleted"
    />
  );
}
