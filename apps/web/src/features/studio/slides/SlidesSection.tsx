import { SLIDE_FILE_EXTENSIONS, slideFileType } from "@onstage/domain";
import { movedOrder } from "../StudioItem";
import { StudioUpload } from "../StudioUpload";
import { useStudioList, useStudioListChange } from "../useStudioList";
import { SlideItem } from "./SlideItem";
import { convertSlides, fetchSlides, reorderSlides, slideKeys, uploadSlides } from "./slidesApi";

/** The session's file presentations (the Slides list, and what a template would keep). */
export const useSessionSlides = (sessionId: number) =>
  useStudioList(
    sessionId,
    slideKeys.list(sessionId),
    async () => (await fetchSlides(sessionId)).presentations,
    (p) => p.conversion.state === "pending" || p.conversion.state === "converting",
  );

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
  const presentations = useSessionSlides(sessionId);
  const reorder = useStudioListChange(slideKeys.list(sessionId), (order: number[]) =>
    reorderSlides(sessionId, order),
  );
  const list = presentations ?? [];
  return (
    <>
      <StudioUpload
        label="Upload slides (pdf, doc, docx, ppt, pptx, png, jpg, jpeg)"
        extensions={SLIDE_FILE_EXTENSIONS}
        isAllowed={(name) => slideFileType(name) !== null}
        typeRefusal="slide_type"
        listKey={slideKeys.list(sessionId)}
        send={async (file, onProgress) => {
          const { fileUrl } = await uploadSlides(sessionId, file, onProgress);
          return convertSlides({
            fileUrl,
            fileName: file.name,
            sessionId,
            eventId: props.eventId,
            organizationId: props.organizationId,
          });
        }}
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
