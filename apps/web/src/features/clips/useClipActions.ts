import { type Clip, type ClipsResponse, canManageClip } from "@onstage/domain";
import { useQueryClient } from "@tanstack/react-query";
import { useSearchParams } from "wouter";
import { failureText } from "../../api";
import { toast } from "../../ui/toast";
import type { ChatViewer } from "../room-kit/roomModule";
import { clipKeys, deleteClip } from "./clipsApi";
import { withClip, withoutClip } from "./clipsCache";
import { useReplayVideo } from "./clipsRoom";
import { downloadClip } from "./downloadClip";

const FAILURE_TOAST_MS = 5_000;

/** What the panel does with a clip: play it in the replay, download, rename and delete it. */
export function useClipActions(sessionId: number, eventId: number, viewer: ChatViewer) {
  const queryClient = useQueryClient();
  const [, setSearchParams] = useSearchParams();
  const replay = useReplayVideo();
  const key = clipKeys.list(sessionId);
  const update = (change: (list: ClipsResponse) => ClipsResponse) =>
    queryClient.setQueryData<ClipsResponse>(key, (old) => old && change(old));
  return {
    mayManage: (clip: Clip) =>
      canManageClip({ flags: viewer.flags, actorUserId: viewer.userId, authorUserId: clip.user?.id ?? 0 }),
    /** Spec 2 §2, spec 3 §2: the replay from start_time (?clip_start_time=, as a shared replay link). */
    play: (clip: Clip) => {
      setSearchParams(
        (params) => {
          params.set("clip_start_time", String(clip.startTime));
          return params;
        },
        { replace: true },
      );
      // The same start again changes no address: the replay is moved there directly.
      if (replay?.current) replay.current.currentTime = clip.startTime;
    },
    download: (clip: Clip) => void downloadClip(clip.slug),
    renamed: (clip: Clip) => update((list) => withClip(list, clip)),
    remove: (clip: Clip) =>
      deleteClip(clip.id, eventId).then(
        () => update((list) => withoutClip(list, clip.id)),
        (error: unknown) => toast.error(failureText(error), { durationMs: FAILURE_TOAST_MS }),
      ),
  };
}
