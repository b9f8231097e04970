import { type LiveStream, TRANSCODER_POLL_MS, transcoderPollMs } from "@onstage/domain";
import { skipToken, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import {
  fetchStreamPreview,
  liveStreamKeys,
  openLiveStream,
  readLiveStream,
  resetStreamKey,
} from "./liveStreamApi";

/**
 * The session's live stream for its RTMP setup and streamer view (one query, shared): polled every
 * TRANSCODER_POLL_MS until the transcoder is available (spec 2 §7, §9).
 */
export function useLiveStream(sessionId: number) {
  const queryClient = useQueryClient();
  const queryKey = liveStreamKeys.liveStream(sessionId);
  return useQuery({
    queryKey,
    queryFn: () =>
      queryClient.getQueryData(queryKey) ? readLiveStream(sessionId) : openLiveStream(sessionId),
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

/**
 * reset-stream-key, then the stream read again (the rotated key shows once it is read): the old key is
 * refused at once; a refusal shows in the confirmation dialog.
 */
export function useRotateStreamKey(sessionId: number, liveStreamId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => resetStreamKey(liveStreamId),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: liveStreamKeys.liveStream(sessionId) }),
  });
}

/** The stream as a call answered it (the captions toggle's): the setup's copy follows at once. */
export function useLiveStreamAnswer(sessionId: number) {
  const queryClient = useQueryClient();
  return (stream: LiveStream) => queryClient.setQueryData(liveStreamKeys.liveStream(sessionId), stream);
}
