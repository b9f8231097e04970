import type { SceneLayer } from "@onstage/domain";
import { useEffect, useRef } from "react";
import { useProgramScene } from "../program-scene/useProgramScene";
import type { StageParticipant } from "../stage/types";
import { composeProgramFeed, type ProgramFeed } from "./composeProgramFeed";

/**
 * The program canvas itself, on the page (the recorder view): the same frames the host's tab sends.
 * `onStream` gets its canvas and sound mix as a stream (issue 27: published to the real-time viewers).
 */
export function ProgramCanvas({
  layers,
  participants,
  onStream,
}: {
  layers: readonly SceneLayer[];
  participants: readonly StageParticipant[];
  onStream?: (stream: MediaStream) => void;
}) {
  const streamTo = useRef(onStream);
  streamTo.current = onStream;
  const holder = useRef<HTMLDivElement>(null);
  const feedRef = useRef<ProgramFeed | null>(null);
  const latest = useRef({ layers, participants });
  latest.current = { layers, participants };
  useEffect(() => {
    const feed = composeProgramFeed(latest.current.layers, latest.current.participants);
    feed.canvas.setAttribute("aria-label", "Program");
    feed.canvas.setAttribute("role", "img");
    feedRef.current = feed;
    holder.current?.append(feed.canvas);
    streamTo.current?.(feed.stream);
    return () => {
      feed.stop();
      feed.canvas.remove();
      feedRef.current = null;
    };
  }, []);
  useEffect(() => {
    feedRef.current?.update(layers, participants);
  }, [layers, participants]);
  return <div ref={holder} className="recorder-view" />;
}

const NOBODY: StageParticipant[] = [];

/** The program with nobody on stage: the brand slate with the event's title. */
export function SlateProgram({ title }: { title: string }) {
  const layers = useProgramScene({ participants: NOBODY, sessionId: null, room: null, title });
  return <ProgramCanvas layers={layers} participants={NOBODY} />;
}
