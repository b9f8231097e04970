import {
  brandOf,
  programScene,
  type RoomSession,
  type SceneLayer,
  type SceneSlide,
  type SceneTitle,
  type StudioResponse,
} from "@onstage/domain";
import { useRef } from "react";
import { useQaStageCard } from "../questions/useQaStageCard";
import { stageTiles } from "../stage/tiles";
import type { StageParticipant } from "../stage/types";
import { useStudio } from "../studio/useStudio";

/** Spec 3 §4: the title element on air, as the scene draws it (its value is the subtitle). */
function shownTitle(studio: StudioResponse | null): SceneTitle | null {
  const element = studio?.elements.find((e) => e.id === studio.overlay.shown && e.type === "title");
  return element ? { id: element.id, title: element.title, subtitle: element.value } : null;
}

/** Spec 3 §4: the page of the presentation on air. */
function shownSlide(studio: StudioResponse | null): SceneSlide | null {
  const slides = studio?.slides;
  const url = slides?.pageUrls[slides.position - 1];
  return slides && url ? { url, page: slides.position, pageCount: slides.pageUrls.length } : null;
}

/**
 * The session's program scene for a composing page (the stage, the host's program feed, the recorder
 * view, the Egress template): the people on stage as this page's media room has them, the question on
 * stage from the room's session, the brand and title from the session's studio (`sessionId`, read with
 * the page's credential). What a page cannot read yet is left out: the picture is then the stage alone.
 */
export function useProgramScene(input: {
  participants: readonly StageParticipant[];
  sessionId: number | null;
  room: Pick<RoomSession, "qaShowOnStage" | "qaTruncateOnStage" | "qaOnStage"> | null;
  /** The event's title, for the slate when nobody is on stage. */
  title: string;
}): SceneLayer[] {
  const question = useQaStageCard(input.room);
  const studio = useStudio(input.sessionId);
  const layers = programScene({
    slateText: input.title,
    brand: brandOf(studio?.elements ?? []),
    tiles: stageTiles(input.participants),
    title: shownTitle(studio),
    question,
    slide: shownSlide(studio),
    video: studio?.video ?? null,
  });
  // The same array while the picture is the same: canvases redraw and feeds update on real changes only.
  const same = useRef({ key: "", layers });
  const key = JSON.stringify(layers);
  if (same.current.key !== key) same.current = { key, layers };
  return same.current.layers;
}
