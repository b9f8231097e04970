import { failureText } from "../../api";
import { toast } from "../../ui/toast";
import { fetchClipDownload } from "./clipsApi";

const FAILURE_TOAST_MS = 5_000;

/**
 * Spec 3 §7 GET /api/clip/{slug}/download, then the browser saves the file as '{title}.mp4' (the
 * server sends it as an attachment; `download` names it for same-origin addresses too).
 */
export async function downloadClip(slug: string): Promise<void> {
  try {
    const file = await fetchClipDownload(slug);
    const link = document.createElement("a");
    link.href = file.url;
    link.download = file.fileName;
    document.body.append(link);
    link.click();
    link.remove();
  } catch (error) {
    toast.error(failureText(error), { durationMs: FAILURE_TOAST_MS });
  }
}
