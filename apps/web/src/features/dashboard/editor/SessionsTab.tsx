import {
  type DashEvent,
  type DashSession,
  errorMessage,
  isRtmpBroadcast,
  sessionCountRefusal,
} from "@onstage/domain";
import { useState } from "react";
import { Badge } from "../../../ui/Badge";
import { Button, ButtonLink } from "../../../ui/Button";
import { Dialog } from "../../../ui/Dialog";
import { RtmpSetup } from "../../rtmp/RtmpSetup";
import { BROADCAST_TYPE_LABELS, SESSION_STATE_LABELS, SESSION_TYPE_LABELS } from "../labels";
import { formatInZone } from "../zonedTime";
import { EditableListTab, type RowContent } from "./EditableListTab";
import { sessionApi } from "./editorApi";
import { SessionDialog } from "./SessionDialog";
import { sessionName } from "./sessionName";

/**
 * Issue 23 §3.4: the way from the editor into a session: its own room (never whichever session is live)
 * and, for an encoder's session, its RTMP setup, there before the greenroom.
 */
function SessionLinks({ event, session, name }: { event: DashEvent; session: DashSession; name: string }) {
  const [isSetupOpen, setSetupOpen] = useState(false);
  const forRow = <span className="visually-hidden"> {name}</span>;
  return (
    <>
      <ButtonLink
        variant="secondary"
        size="sm"
        to={`/c/${encodeURIComponent(event.eventCode)}/${session.urlHash}`}
      >
        Open room{forRow}
      </ButtonLink>
      {isRtmpBroadcast(session.broadcastType) && (
        <>
          <Button variant="secondary" size="sm" onClick={() => setSetupOpen(true)}>
            RTMP setup{forRow}
          </Button>
          <Dialog
            open={isSetupOpen}
            onOpenChange={setSetupOpen}
            title={`RTMP setup: ${name}`}
            description="Paste the server address and the stream key into your encoder before the session starts."
          >
            <RtmpSetup sessionId={session.id} />
          </Dialog>
        </>
      )}
    </>
  );
}

function sessionRow(event: DashEvent, session: DashSession, index: number): RowContent {
  const name = sessionName(session, index);
  return {
    name,
    controls: <SessionLinks event={event} session={session} name={name} />,
    details: (
      <>
        <time dateTime={session.timeScheduled}>{formatInZone(session.timeScheduled, event.timezone)}</time>
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
      row={(session, index) => sessionRow(event, session, index)}
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
