import {
  differsFromTemplate,
  SAVED_CHANGES_INDICATOR_MS,
  type StudioResponse,
  type Theme,
} from "@onstage/domain";
import { useEffect, useState } from "react";
import { useSessionVideos } from "./videos/VideosSection";

const asTemplate = (elements: StudioResponse["elements"]) =>
  elements.map(({ type, title, value, order, options }) => ({ type, title, value, order, options }));
const asVideos = (videos: readonly { title: string; order: number }[]) =>
  videos.map(({ title, order }) => ({ title, order }));

/**
 * Spec 3 §2: after a change that leaves the session's elements or videos unlike the template it loaded,
 * a note says so; it goes after 3 s.
 */
export function SavedChangesIndicator({ studio, loaded }: { studio: StudioResponse; loaded: Theme | null }) {
  const videos = asVideos(useSessionVideos(studio.sessionId) ?? []);
  const differs = differsFromTemplate(
    { elements: asTemplate(studio.elements), videos },
    loaded && { elements: asTemplate(loaded.elements), videos: asVideos(loaded.videos) },
  );
  const key = JSON.stringify([asTemplate(studio.elements), videos]);
  const [shownFor, setShownFor] = useState<string | null>(null);
  useEffect(() => {
    if (!differs) return;
    setShownFor(key);
    const timer = setTimeout(() => setShownFor(null), SAVED_CHANGES_INDICATOR_MS);
    return () => clearTimeout(timer);
  }, [differs, key]);
  if (!loaded || shownFor !== key || !differs) return null;
  return (
    <p className="studio-hint" role="status">
      Changed since the template "{loaded.description}"
    </p>
  );
}
