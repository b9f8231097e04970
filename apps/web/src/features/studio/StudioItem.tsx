import { type ReactNode, useState } from "react";
import { Button } from "../../ui/Button";
import { deleteElement } from "./studioApi";
import { useStudioChange } from "./useStudioChange";

/**
 * One item of a studio list (a title, a CTA): its text with 'On air' while shown, its own actions, then
 * Edit (which puts `editForm` in its place until it is done) and Delete.
 */
export function StudioItem(props: {
  sessionId: number;
  elementId: number;
  name: string;
  isShown: boolean;
  details: ReactNode;
  actions: ReactNode;
  /** Between Edit and Delete (a title's moves). */
  moreActions?: ReactNode;
  editForm: (done: () => void) => ReactNode;
}) {
  const [isEditing, setEditing] = useState(false);
  const remove = useStudioChange(props.sessionId, (elementId: number) => deleteElement(elementId));
  if (isEditing) return <li className="studio-item">{props.editForm(() => setEditing(false))}</li>;
  return (
    <li className={`studio-item${props.isShown ? " studio-item--live" : ""}`}>
      <div className="studio-item__text">
        <strong>{props.name}</strong>
        {props.details}
        {props.isShown && <span className="studio-item__live">On air</span>}
      </div>
      <div className="studio-row">
        {props.actions}
        <Button size="sm" variant="ghost" onClick={() => setEditing(true)} aria-label={`Edit ${props.name}`}>
          Edit
        </Button>
        {props.moreActions}
        <Button
          size="sm"
          variant="ghost"
          disabled={remove.isPending}
          onClick={() => remove.mutate(props.elementId)}
          aria-label={`Delete ${props.name}`}
        >
          Delete
        </Button>
      </div>
    </li>
  );
}
