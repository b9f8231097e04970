import { errorMessage, SLIDE_FILE_EXTENSIONS, slideFileType } from "@onstage/domain";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useId, useState } from "react";
import { failureText } from "../../../api";
import { FormError } from "../../../ui/FormError";
import { ProgressBar } from "../../../ui/ProgressBar";
import { movedOrder } from "../StudioItem";
import { SlideItem } from "./SlideItem";
import { convertSlides, reorderSlides, slideKeys, uploadSlides } from "./slidesApi";
import { useSlideChange, useSlides } from "./useSlides";

const ACCEPT = SLIDE_FILE_EXTENSIONS.map((e) => `.${e}`).join(",");

/**
 * Spec 3 §2 the Slides section: upload (with its progress, then the conversion's page n of N), the list
 * with rename, delete, reorder and Show/Hide, and the presenter's page controls.
 */
export function SlidesSection(props: {
  sessionId: number;
  eventId: number;
  organizationId: number;
  viewerId: number;
}) {
  const { sessionId } = props;
  const id = useId();
  const queryClient = useQueryClient();
  const presentations = useSlides(sessionId);
  const [progress, setProgress] = useState<number | null>(null);
  const [typeRefused, setTypeRefused] = useState(false);
  const upload = useMutation({
    mutationFn: async (file: File) => {
      const { fileUrl } = await uploadSlides(sessionId, file, setProgress);
      return convertSlides({
        fileUrl,
        fileName: file.name,
        sessionId,
        eventId: props.eventId,
        organizationId: props.organizationId,
      });
    },
    onSettled: () => {
      setProgress(null);
      void queryClient.invalidateQueries({ queryKey: slideKeys.list(sessionId), exact: true });
    },
  });
  const reorder = useSlideChange(sessionId, (order: number[]) => reorderSlides(sessionId, order));
  const pick = (file: File | undefined) => {
    if (!file) return;
    upload.reset();
    // Spec 3 §5: other types are 'file type not allowed'; the host reads which types are.
    setTypeRefused(slideFileType(file.name) === null);
    if (slideFileType(file.name) === null) console.warn("file type not allowed");
    else upload.mutate(file);
  };
  const list = presentations ?? [];
  return (
    <>
      <div className="studio-field">
        <label htmlFor={`${id}-file`}>Upload slides (pdf, doc, docx, ppt, pptx, png, jpg, jpeg)</label>
        <input
          id={`${id}-file`}
          type="file"
          accept={ACCEPT}
          disabled={upload.isPending}
          onChange={(e) => {
            pick(e.target.files?.[0]);
            e.target.value = "";
          }}
        />
      </div>
      {progress !== null && <ProgressBar label="Uploading…" fraction={progress} />}
      <FormError
        message={typeRefused ? errorMessage("slide_type") : upload.error ? failureText(upload.error) : null}
      />
      {presentations === null ? (
        <p className="studio-hint">Loading the slides…</p>
      ) : list.length === 0 ? (
        <p className="studio-hint">No slides yet: upload a deck to present it on stage.</p>
      ) : (
        <ul className="studio-list" aria-label="Slides">
          {list.map((presentation, index) => (
            <SlideItem
              key={presentation.id}
              sessionId={sessionId}
              presentation={presentation}
              viewerId={props.viewerId}
              canMoveUp={index > 0}
              canMoveDown={index < list.length - 1}
              onMove={(by) =>
                reorder.mutate(
                  movedOrder(
                    list.map((p) => p.id),
                    index,
                    by,
                  ),
                )
              }
            />
          ))}
        </ul>
      )}
    </>
  );
}
