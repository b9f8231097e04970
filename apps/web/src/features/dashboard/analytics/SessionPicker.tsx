import type { SessionState, SessionSummary } from "@onstage/domain";
import { sessionName } from "../editor/sessionName";
import { SelectField } from "../form/SelectField";
import { SESSION_STATE_LABELS } from "../labels";
import { DataTable } from "./DataTable";

const stateLabel = (state: string) => SESSION_STATE_LABELS[state as SessionState] ?? state;

/** Which session the charts below are of, and every session's audience at a glance. */
export function SessionPicker(props: {
  sessions: readonly SessionSummary[];
  sessionId: number;
  onChoose: (sessionId: number) => void;
}) {
  const names = props.sessions.map((session, i) => ({ session, name: sessionName(session, i) }));
  return (
    <>
      <SelectField
        label="Session"
        className="analytics-picker"
        options={names.map(({ session, name }) => ({ value: String(session.id), label: name }))}
        value={String(props.sessionId)}
        onChange={(e) => props.onChoose(Number(e.target.value))}
      />
      <DataTable
        caption="Sessions"
        columns={["Session", "State", "Attendees", "Views"]}
        rows={names.map(({ session, name }) => ({
          key: session.id,
          cells: [name, stateLabel(session.state), session.attendees, session.views],
        }))}
      />
    </>
  );
}
