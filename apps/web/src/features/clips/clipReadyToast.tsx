import { CLIP_READY_TOAST_MS, type Clip } from "@onstage/domain";
import { toast } from "../../ui/toast";
import { fetchClipDownload } from "./clipsApi";

/** Spec 3 §8: 'clip ready for download', a toast for 10 s with a download link. */
export function toastClipReady(clip: Clip) {
  const show = (description: React.ReactNode) =>
    toast.success("Your clip is ready", {
      id: `clip-ready-${clip.id}`,
      durationMs: CLIP_READY_TOAST_MS,
      description,
    });
  fetchClipDownload(clip.slug).then(
    (file) =>
      show(
        <a href={file.url} download={file.fileName}>
          Download {clip.title}
        </a>,
      ),
    // The clips panel still offers its Download; the toast says the clip is there.
    () => show(clip.title),
  );
}
