import { DEFAULT_PRIMARY_COLOR, type EventPageData } from "@onstage/domain";
import { useMemo } from "react";
import type { StageParticipant } from "../stage/types";
import { ProgramCanvas } from "./ProgramCanvas";
import "./program-feed.css";

/**
 * Spec 2 §2 recorder-view flag: only the program, full-window and without chrome, so a headless browser
 * on the server can capture it. The stage's participants come from the media room's hook.
 */
export function RecorderView({
  data,
  participants,
}: {
  data: EventPageData;
  participants: readonly StageParticipant[];
}) {
  const brand = useMemo(
    () => ({ color: DEFAULT_PRIMARY_COLOR, title: data.event.title }),
    [data.event.title],
  );
  return (
    <main>
      <h1 className="visually-hidden">{data.event.title}</h1>
      <ProgramCanvas participants={participants} brand={brand} />
    </main>
  );
}
