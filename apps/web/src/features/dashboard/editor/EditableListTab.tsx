import { type ReactNode, useState } from "react";
import { failureText } from "../../../api";
import { DEFAULT_TOAST_MS, toast } from "../../../ui/toast";
import { ConfirmDialog } from "../form/ConfirmDialog";
import { PartList, type PartListProps, PartRow, type PartRowProps } from "./PartList";
import { useEventPartMutation } from "./useEventEditor";

/** What a row shows; its Edit and Delete buttons are wired by the tab. */
export type RowContent = Omit<PartRowProps, "onEdit" | "onDelete">;

export interface EditableListTabProps<T extends { id: number }>
  extends Pick<PartListProps, "title" | "addLabel" | "addDisabledReason" | "emptyText" | "intro"> {
  eventId: number;
  items: T[];
  row: (item: T, index: number) => RowContent;
  /** The add (item null) or edit dialog; mounted only while open. */
  renderDialog: (item: T | null, close: () => void) => ReactNode;
  remove: (id: number) => Promise<unknown>;
  /** The delete confirmation's title and button, e.g. 'Delete coupon'. */
  deleteLabel: string;
  deleteDescription: string;
  /** The toast once deleted, e.g. 'Coupon deleted'. */
  deletedText: string;
}

/** A tab of sessions, tickets, coupons or questions: the list, its add/edit dialog and the delete confirmation. */
export function EditableListTab<T extends { id: number }>(props: EditableListTabProps<T>) {
  const {
    eventId,
    items,
    row,
    renderDialog,
    remove: removeItem,
    deleteLabel,
    deleteDescription,
    deletedText,
  } = props;
  const [editing, setEditing] = useState<T | "new" | null>(null);
  const [deleting, setDeleting] = useState<T | null>(null);
  const remove = useEventPartMutation(eventId, removeItem);
  const confirmDelete = () =>
    deleting &&
    remove.mutate(deleting.id, {
      onSuccess: () => {
        toast.success(deletedText, { durationMs: DEFAULT_TOAST_MS });
        setDeleting(null);
      },
    });
  const dialogs = (
    <>
      {editing !== null && renderDialog(editing === "new" ? null : editing, () => setEditing(null))}
      <ConfirmDialog
        open={deleting !== null}
        onOpenChange={(open) => {
          if (!open) setDeleting(null);
          remove.reset();
        }}
        title={deleteLabel}
        description={deleteDescription}
        confirmLabel={deleteLabel}
        onConfirm={confirmDelete}
        isPending={remove.isPending}
        error={remove.error ? failureText(remove.error) : null}
      />
    </>
  );
  return (
    <PartList
      title={props.title}
      addLabel={props.addLabel}
      onAdd={() => setEditing("new")}
      addDisabledReason={props.addDisabledReason}
      isEmpty={items.length === 0}
      emptyText={props.emptyText}
      intro={props.intro}
      dialogs={dialogs}
    >
      {items.map((item, index) => (
        <PartRow
          key={item.id}
          {...row(item, index)}
          onEdit={() => setEditing(item)}
          onDelete={() => setDeleting(item)}
        />
      ))}
    </PartList>
  );
}
