import { useQuery } from "@tanstack/react-query";
import { clipKeys, fetchClipById, fetchClipPage } from "./clipsApi";

/** GET /api/clip/{slug}: the public clip page's clip and event (404 until the clip is cut). */
export const useClipPage = (slug: string) =>
  useQuery({ queryKey: clipKeys.page(slug), queryFn: () => fetchClipPage(slug) });

/** GET /api/clips/{id}: the clip an event page's ?clip_id= opens. */
export const useClipById = (clipId: number) =>
  useQuery({ queryKey: clipKeys.byId(clipId), queryFn: () => fetchClipById(clipId) });
