import type { QaStageCard } from "@onstage/domain";
import { useEffect, useRef } from "react";
import type { StageParticipant } from "../stage/types";
import { composeProgramFeed, type ProgramFeed } from "./composeProgramFeed";
import type { ProgramBrand } from "./drawProgramFrame";

/** The program canvas itself, on the page (the recorder view): the same frames the host's tab sends. */
export function ProgramCanvas({
  participants,
  brand,
  card = null,
}: {
  participants: readonly StageParticipant[];
  brand: ProgramBrand;
  card?: QaStageCard | null;
}) {
  const holder = useRef<HTMLDivElement>(null);
  const feedRef = useRef<ProgramFeed | null>(null);
  const latest = useRef({ participants, brand, card });
  latest.current = { participants, brand, card };
  useEffect(() => {
    const feed = composeProgramFeed(latest.current.participants, latest.current.brand, latest.current.card);
    feed.canvas.setAttribute("aria-label", "Program");
    feed.canvas.setAttribute("role", "img");
    feedRef.current = feed;
    holder.current?.append(feed.canvas);
    return () => {
      feed.stop();
      feed.canvas.remove();
      feedRef.current = null;
    };
  }, []);
  useEffect(() => {
    feedRef.current?.update(participants, brand, card);
  }, [participants, brand, card]);
  return <div ref={holder} className="recorder-view" />;
}
