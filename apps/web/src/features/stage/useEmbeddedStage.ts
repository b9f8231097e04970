import { useContext, useEffect, useRef, useState, useSyncExternalStore } from "react";
import type { FreezeStats } from "../playback-quality/watchVideo";
import { type ConnectionState, REALTIME_CLIENT_FAILED_TEXT } from "../realtime/RealtimeClient";
import { RealtimeContext } from "../realtime/RealtimeProvider";
import { EmbeddedStageConnection, type StageSnapshot } from "./embeddedConnection";
import { rejoinDelayMs } from "./rejoin";
import type { StageParticipant } from "./types";

export interface StageControls {
  setAudioMuted(muted: boolean): void;
  setVideoMuted(muted: boolean): void;
  shareScreen(screen: MediaStream | null): Promise<void>;
  /** Issue 27: the composed program to the room's viewers (a host's compositor). */
  publishProgram(stream: MediaStream): Promise<void>;
  /** Issue 28 §1: the freezes of the video this member receives, for the quality collector. */
  receivedFreezes(): Promise<FreezeStats>;
}

export interface EmbeddedStage {
  participants: StageParticipant[];
  controls: StageControls | null;
  /** Joining failed, or the SFU took this member out. */
  error: string | null;
  closed: boolean;
}

/**
 * The session's stage through the embedded SFU while mounted: joins, publishes `camera` when the server
 * allows it, and leaves on unmount. The program feed's compositor passes a null camera and only watches;
 * `view` takes a viewer place, which receives the composed program alone (issue 27).
 */
export function useEmbeddedStage(
  sessionId: number,
  userId: number,
  options: { camera: MediaStream | null; view?: boolean },
): EmbeddedStage {
  const client = useContext(RealtimeContext);
  const [snapshot, setSnapshot] = useState<StageSnapshot>({ participants: [], closed: false });
  const [error, setError] = useState<string | null>(null);
  const [controls, setControls] = useState<StageControls | null>(null);
  const camera = useRef(options.camera);
  const view = options.view === true;
  /**
   * Bumped when the socket reconnects or the SFU lost the member (it restarted): the server took the
   * member out with the old connection.
   */
  const [generation, setGeneration] = useState(0);
  /** Re-joins tried since the last join that worked. */
  const rejoins = useRef(0);

  // biome-ignore lint/correctness/useExhaustiveDependencies: a new generation is a fresh connection.
  useEffect(() => {
    if (!client) return;
    let retry: ReturnType<typeof setTimeout> | undefined;
    const rejoin = (err: unknown) => {
      if (retry) return;
      const delay = rejoinDelayMs(rejoins.current++);
      if (delay === null) setError(err instanceof Error ? err.message : String(err));
      else retry = setTimeout(() => setGeneration((g) => g + 1), delay);
    };
    const connection = new EmbeddedStageConnection(client, sessionId, userId, setSnapshot, () =>
      rejoin(new Error("The stage could not reconnect. Please reload the page.")),
    );
    let joining = false;
    const join = () => {
      joining = true;
      setError(null);
      connection.join(camera.current, { view }).then(
        () => {
          rejoins.current = 0;
          setControls(connection);
        },
        // A join after a lost connection is tried again; a first join's refusal is the member's to read.
        (err: unknown) =>
          rejoins.current > 0 ? rejoin(err) : setError(err instanceof Error ? err.message : String(err)),
      );
    };
    // Signalling needs the socket: join once it is connected, and again (afresh) after a reconnect.
    const release = client.onConnect(() => (joining ? setGeneration((g) => g + 1) : join()));
    if (client.isConnected()) join();
    return () => {
      clearTimeout(retry);
      release();
      setControls(null);
      void connection.leave();
    };
  }, [client, sessionId, userId, view, generation]);

  const connection = useSyncExternalStore(client?.subscribeStore ?? noStore, () =>
    client ? client.getSnapshot().connection : null,
  );
  return {
    participants: snapshot.participants,
    controls,
    error: stageError(connection, error),
    closed: snapshot.closed,
  };
}

const noStore = () => () => {};

/**
 * Spec 2 §8: a realtime connection that gave up fails the stage (and a WebRTC viewer, which then
 * plays HLS) with 'Failed to get realtime client'; otherwise the stage's own error, if any.
 */
export function stageError(connection: ConnectionState | null, error: string | null): string | null {
  return connection === "failed" ? REALTIME_CLIENT_FAILED_TEXT : error;
}
