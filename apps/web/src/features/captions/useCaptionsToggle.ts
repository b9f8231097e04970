import { type LiveStream, STAGE_TOAST_MS } from "@onstage/domain";
import { useMutation } from "@tanstack/react-query";
import { failureText } from "../../api";
import { toast } from "../../ui/toast";
import { toggleCaptions } from "./captionsApi";

/**
 * The host's captions toggle on a live stream. `onChanged` gets the stream as the server answers it, for
 * the caller's own copy (the RTMP setup's live-stream query); while the call is on its way `isShown` is
 * what was asked, and a failure puts it back with a toast.
 */
export function useCaptionsToggle(stream: LiveStream, onChanged: (stream: LiveStream) => void) {
  const toggle = useMutation({
    mutationFn: (showCaptions: boolean) => toggleCaptions(stream.id, showCaptions),
    onSuccess: onChanged,
    onError: (error) => toast.error(failureText(error), { durationMs: STAGE_TOAST_MS }),
  });
  const isShown =
    toggle.isPending && toggle.variables !== undefined ? toggle.variables : stream.show_captions;
  return { isShown, isPending: toggle.isPending, setShown: (shown: boolean) => toggle.mutate(shown) };
}
