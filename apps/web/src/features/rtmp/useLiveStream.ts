import { type LiveStream, TRANSCODER_POLL_MS, transcoderPollMs } from "@onstage/domain";
import { skipToken, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { failureText } from "../../api";
import { toast } from "../../ui/toast";
import {
  fetchLiveStream,
  fetchStreamPreview,
  liveStreamKeys,
  resetStreamKey,
  toggleCaptions,
} from "./liveStreamApi";

const FAILURE_TOAST_MS = 5_000;

/**
 * The session's live stream for its RTMP setup and streamer view (one query, shared): polled every
 * TRANSCODER_POLL_MS until the transcoder is available (spec 2 §7, §9).
 */
export function useLiveStream(sessionId: number) {
  return useQuery({
    queryKey: liveStreamKeys.liveStream(sessionId),
    queryFn: () => fetchLiveStream(sessionId),
    refetchInterval: (query) => transcoderPollMs(query.state.data?.status ?? null),
  });
}

/**
 * What the encoder sends, once the transcoder is active; asked again every TRANSCODER_POLL_MS while
 * its playlist is not written yet (previewUrl null).
 */
export function useStreamPreview(liveStream: LiveStream | undefined) {
  const active = liveStream?.status === "active" ? liveStream : null;
  return useQuery({
    queryKey: liveStreamKeys.preview(liveStream?.id ?? "", liveStream?.stream_key ?? ""),
    queryFn: active ? () => fetchStreamPreview(active) : skipToken,
    refetchInterval: (query) => (query.state.data?.previewUrl ? false : TRANSCODER_POLL_MS),
  });
}

/** A change to the live stream, then the stream read again (the rotated key shows once it is read). */
function useLiveStreamChange<Input>(
  sessionId: number,
  change: (input: Input) => Promise<void>,
  onError?: (error: Error) => void,
) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: change,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: liveStreamKeys.liveStream(sessionId) }),
    onError,
  });
}

/** reset-stream-key: the old key is refused at once; a refusal shows in the confirmation dialog. */
export const useRotateStreamKey = (sessionId: number, liveStreamId: string) =>
  useLiveStreamChange<void>(sessionId, () => resetStreamKey(liveStreamId));

export const useToggleCaptions = (sessionId: number, liveStreamId: string) =>
  useLiveStreamChange(
    sessionId,
    (showCaptions: boolean) => toggleCaptions(liveStreamId, showCaptions),
    (error) => toast.error(failureText(error), { durationMs: FAILURE_TOAST_MS }),
  );
