import type { LiveStream } from "@onstage/domain";
import { Button } from "../../ui/Button";
import { Checkbox } from "../../ui/Checkbox";
import { TextField } from "../../ui/TextField";
import { useCaptionSource } from "./useCaptionSource";
import { useCaptionsToggle } from "./useCaptionsToggle";
import "./captions.css";

export interface CaptionsToggleProps {
  sessionId: number;
  stream: LiveStream;
  /** The stream as the server answered the toggle: the caller's copy follows it. */
  onChanged: (stream: LiveStream) => void;
}

/**
 * Spec 2 §7 toggle-captions, in the RTMP setup: whether viewers see the captions, and the caption URL a
 * captioner posts lines to (secret, like the stream key). Hidden when the server has no caption source.
 */
export function CaptionsToggle({ sessionId, stream, onChanged }: CaptionsToggleProps) {
  const toggle = useCaptionsToggle(stream, onChanged);
  const source = useCaptionSource(sessionId, stream.captions_available);
  if (!stream.captions_available) return null;
  return (
    <fieldset className="captions-toggle">
      <legend className="captions-toggle__legend">Captions</legend>
      <Checkbox
        checked={toggle.isShown}
        disabled={toggle.isPending}
        onChange={(e) => toggle.setShown(e.target.checked)}
      >
        Show captions to viewers
      </Checkbox>
      <TextField
        label="Caption URL"
        hint="Give it to your captioner: their tool posts each line to it (Zoom's caption API)."
        value={source.captionUrl ?? ""}
        error={source.error}
        readOnly
        onFocus={(e) => e.currentTarget.select()}
      />
      <Button size="sm" variant="secondary" disabled={source.isRotating} onClick={source.rotate}>
        New caption URL
      </Button>
    </fieldset>
  );
}
