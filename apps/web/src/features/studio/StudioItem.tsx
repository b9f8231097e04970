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
  /** The custom element Delete removes; or `onDelete` does it (a file presentation). */
  elementId?: number;
  onDelete?: () => void;
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
          onClick={() =>
            props.onDelete ? props.onDelete() : props.elementId && remove.mutate(props.elementId)
          }
          aria-label={`Delete ${props.name}`}
        >
          Delete
        </Button>
      </div>
    </li>
  );
}

/** A list's order with the item at `index` moved one place up (-1) or down (1). */
export function movedOrder(ids: readonly number[], index: number, by: -1 | 1): number[] {
  const order = [...ids];
  const [moved] = order.splice(index, 1);
  if (moved !== undefined) order.splice(index + by, 0, moved);
  return order;
}

/** ↑ and ↓ for an item of a reorderable list. */
export function MoveButtons(props: {
  name: string;
  canMoveUp: boolean;
  canMoveDown: boolean;
  onMove: (by: -1 | 1) => void;
}) {
  return (
    <>
      <Button
        size="sm"
        variant="ghost"
        disabled={!props.canMoveUp}
        onClick={() => props.onMove(-1)}
        aria-label={`Move ${props.name} up`}
      >
        ↑
      </Button>
      <Button
        size="sm"
        variant="ghost"
        disabled={!props.canMoveDown}
        onClick={() => props.onMove(1)}
        aria-label={`Move ${props.name} down`}
      >
        ↓
      </Button>
    </>
  );
}
