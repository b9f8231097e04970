import { useEffect, useRef } from "react";
import { useProgramClock } from "../player/ProgramClock";
import { replayChatLoad } from "./replayWindow";
import type { ChatController } from "./useChat";

/**
 * Issue 12 §11: in the replay, keeps the messages around the frame on screen loaded (the page ending
 * just ahead of it, the next ones as playback moves on, a new page after a seek). Live chat is untouched.
 */
export function useChatReplay(chat: ChatController) {
  const { delivery, programDateMs } = useProgramClock();
  const { state, replayUpTo } = chat;
  const loadedUpToMs = useRef<number | null>(null);
  const isLoading = useRef(false);
  const oldest = state.messages[0];
  const keptFromMs = state.hasMore && oldest ? Date.parse(oldest.timestamp) : -Infinity;
  const isReady = state.status === "ready";

  useEffect(() => {
    if (delivery !== "replay" || programDateMs === null || !isReady || isLoading.current) return;
    const load = replayChatLoad({ programDateMs, loadedUpToMs: loadedUpToMs.current, keptFromMs });
    if (!load) return;
    isLoading.current = true;
    replayUpTo(load.upToMs, load.sinceMs)
      .then(() => {
        loadedUpToMs.current = load.upToMs;
      })
      // The clock ticks again within a second: the next tick tries again.
      .catch((error: unknown) => console.error("replay chat", error))
      .finally(() => {
        isLoading.current = false;
      });
  }, [delivery, programDateMs, isReady, keptFromMs, replayUpTo]);
}
