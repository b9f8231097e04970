import {
  createContext,
  type ReactNode,
  type RefObject,
  useContext,
  useEffect,
  useMemo,
  useRef,
  useState,
} from "react";

// What the room's clip controls share, apart as they are (the player's Clip button, the clips panel):
// spec 2 §9's current point, which for a replay is its player's position, and whether the panel, with
// its own Clip button, is open (one Clip button on screen at a time).

interface ClipsRoom {
  replay: RefObject<HTMLVideoElement | null>;
  isPanelOpen: boolean;
  setPanelOpen: (isOpen: boolean) => void;
}

const ClipsRoomContext = createContext<ClipsRoom | null>(null);

export function ClipsRoomProvider({ children }: { children: ReactNode }) {
  const replay = useRef<HTMLVideoElement>(null);
  const [isPanelOpen, setPanelOpen] = useState(false);
  const value = useMemo(() => ({ replay, isPanelOpen, setPanelOpen }), [isPanelOpen]);
  return <ClipsRoomContext.Provider value={value}>{children}</ClipsRoomContext.Provider>;
}

/** The room's replay video element (current null while none plays); null outside a room. */
export function useReplayVideo(): RefObject<HTMLVideoElement | null> | null {
  return useContext(ClipsRoomContext)?.replay ?? null;
}

/** Seconds into the recording the replay shows; null while live or without a replay. */
export function replayPoint(replay: RefObject<HTMLVideoElement | null> | null): number | null {
  const video = replay?.current;
  return video && Number.isFinite(video.currentTime) ? video.currentTime : null;
}

/** The clips panel is on screen while the caller is mounted. */
export function useClipsPanelOpen(): void {
  const setPanelOpen = useContext(ClipsRoomContext)?.setPanelOpen;
  useEffect(() => {
    if (!setPanelOpen) return;
    setPanelOpen(true);
    return () => setPanelOpen(false);
  }, [setPanelOpen]);
}

export function useIsClipsPanelOpen(): boolean {
  return useContext(ClipsRoomContext)?.isPanelOpen ?? false;
}
