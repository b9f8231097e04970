import type { Room } from "livekit-client";
import { useEffect, useMemo, useState } from "react";
import { useLivekitStage } from "../stage/livekit/useLivekitStage";
import type { ProgramBrand } from "./drawProgramFrame";
import { egressJoin } from "./egressJoin";
import { egressRecorder } from "./egressRecorder";
import { ProgramCanvas } from "./ProgramCanvas";

/**
 * The program as LiveKit Egress records it: the stage from the room Egress names (with its token), drawn
 * on the same canvas the recorder view draws. Loaded lazily: it brings livekit-client and the egress SDK.
 */
export default function EgressProgram({ brand }: { brand: ProgramBrand }) {
  const join = useMemo(() => egressJoin(new URLSearchParams(window.location.search)), []);
  const startRecording = useMemo(() => egressRecorder(), []);
  const [room, setRoom] = useState<Room | null>(null);
  const participants = useLivekitStage(join, {
    onConnected: setRoom,
    // Egress keeps the page's console in its logs: the operator finds the failure there.
    onError: (message) => console.error(`egress template: ${message}`),
  });
  useEffect(() => {
    if (!room) return;
    // The canvas draws on animation frames: the next one holds the stage.
    const frame = requestAnimationFrame(() => startRecording(room));
    return () => cancelAnimationFrame(frame);
  }, [room, startRecording]);
  return <ProgramCanvas participants={participants} brand={brand} />;
}
