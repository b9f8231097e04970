import { type ReactNode, useId } from "react";
import { Button } from "../../../ui/Button";

export interface PartListProps {
  title: string;
  addLabel: string;
  onAdd: () => void;
  /** When adding is not possible now, why (the add button is then disabled and this is shown). */
  addDisabledReason?: string | null;
  isEmpty: boolean;
  emptyText: string;
  /** Above the list: settings shared by every row (the ticket currency). */
  intro?: ReactNode;
  /** The rows. */
  children: ReactNode;
  /** The add, edit and delete dialogs (portalled; kept out of the list). */
  dialogs: ReactNode;
}

/** One tab of the editor: a heading, an add button, and a list of rows with Edit and Delete. */
export function PartList(props: PartListProps) {
  const { title, addLabel, onAdd, addDisabledReason, isEmpty, emptyText, intro, children, dialogs } = props;
  const reasonId = useId();
  return (
    <section className="part-list" aria-label={title}>
      <div className="part-list__header">
        <h2 className="part-list__title">{title}</h2>
        <Button
          onClick={onAdd}
          disabled={Boolean(addDisabledReason)}
          aria-describedby={addDisabledReason ? reasonId : undefined}
        >
          {addLabel}
        </Button>
      </div>
      {addDisabledReason && (
        <p id={reasonId} className="part-list__note">
          {addDisabledReason}
        </p>
      )}
      {intro}
      {isEmpty ? <p className="dash-empty">{emptyText}</p> : <ul className="part-list__rows">{children}</ul>}
      {dialogs}
    </section>
  );
}

export interface PartRowProps {
  name: string;
  details?: ReactNode;
  badges?: ReactNode;
  /** Extra buttons before Edit (move up and down). */
  controls?: ReactNode;
  onEdit: () => void;
  onDelete: () => void;
}

/** A row's buttons carry its name, hidden, so 'Edit' and 'Delete' are distinct in a list of controls. */
export function PartRow({ name, details, badges, controls, onEdit, onDelete }: PartRowProps) {
  const forRow = <span className="visually-hidden"> {name}</span>;
  return (
    <li className="part-row">
      <div className="part-row__main">
        <h3 className="part-row__name">{name}</h3>
        {details && <p className="part-row__details">{details}</p>}
        {badges && <div className="part-row__badges">{badges}</div>}
      </div>
      <div className="part-row__controls">
        {controls}
        <Button variant="secondary" size="sm" onClick={onEdit}>
          Edit{forRow}
        </Button>
        <Button variant="secondary" size="sm" onClick={onDelete}>
          Delete{forRow}
        </Button>
      </div>
    </li>
  );
}
