import type { DashEvent } from "@onstage/domain";
import { DEFAULT_TOAST_MS, toast } from "../../../ui/toast";
import { EventCover } from "../../events/EventCover";
import { ImageUploadField } from "../form/ImageUploadField";
import { useCoverUpload } from "./useEventEditor";

/** The cover uploads on its own, at once: a file is not part of the Details form's Save. */
export function CoverSection({ event }: { event: DashEvent }) {
  const cover = useCoverUpload(event.id);
  const preview = event.coverPhoto ? (
    <img className="image-upload__preview" src={event.coverPhoto} alt="Current cover" />
  ) : (
    <>
      <EventCover src={null} className="image-upload__preview" />
      <p className="field__hint">No cover photo yet: the event page shows a gradient.</p>
    </>
  );
  return (
    <section className="editor-cover" aria-label="Cover photo">
      <ImageUploadField
        label="Upload a cover photo"
        progressLabel="Uploading cover photo"
        preview={preview}
        upload={{
          ...cover,
          mutate: (file: File) =>
            cover.mutate(file, {
              onSuccess: () => toast.success("Cover photo updated", { durationMs: DEFAULT_TOAST_MS }),
            }),
        }}
      />
    </section>
  );
}
