import type { Clip } from "@onstage/domain";
import { Dialog } from "../../ui/Dialog";
import { ClipTitleForm } from "./ClipTitleForm";
import { renameClip } from "./clipsApi";

/** Spec 3 §2, §7: edit a clip's name (rename a clip: id, title). */
export function RenameClipDialog({
  clip,
  onClose,
  onRenamed,
}: {
  clip: Clip | null;
  onClose: () => void;
  onRenamed: (clip: Clip) => void;
}) {
  return (
    <Dialog
      open={clip !== null}
      onOpenChange={(open) => !open && onClose()}
      title="Rename clip"
      description="The clip's page and its shares show the new title."
      hideDescription
    >
      {clip && (
        <ClipTitleForm
          initialTitle={clip.title}
          submitLabel="Save"
          onCancel={onClose}
          send={async (title) => {
            onRenamed((await renameClip(clip.id, title)).clip);
            onClose();
          }}
        />
      )}
    </Dialog>
  );
}
