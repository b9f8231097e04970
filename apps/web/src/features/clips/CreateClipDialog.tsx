import type { ClipsResponse } from "@onstage/domain";
import { useQueryClient } from "@tanstack/react-query";
import { Dialog } from "../../ui/Dialog";
import { DEFAULT_TOAST_MS, toast } from "../../ui/toast";
import { ClipPreview } from "./ClipPreview";
import { ClipRangeFields } from "./ClipRangeFields";
import { ClipTitleForm } from "./ClipTitleForm";
import { clipKeys, createClip } from "./clipsApi";
import { withClip } from "./clipsCache";
import { useClipPicker } from "./useClipPicker";
import { useRecordingLength } from "./useRecordingLength";
import "./clips.css";

export interface CreateClipDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  sessionId: number;
  eventId: number;
  /** The recording's signed playlist. */
  vodUrl: string;
  /** Seconds into the recording the viewer is at (the replay); null: the recording's end (live). */
  pointSeconds: number | null;
}

/** Spec 2 §5, §7 'create clip': a range of the recording (at most 60 s) and a title. */
export function CreateClipDialog({ open, onOpenChange, ...form }: CreateClipDialogProps) {
  return (
    <Dialog
      open={open}
      onOpenChange={onOpenChange}
      title="Create a clip"
      description="Choose up to 60 seconds of the recording and give the clip a title."
    >
      <CreateClipForm {...form} onDone={() => onOpenChange(false)} />
    </Dialog>
  );
}

function CreateClipForm({
  sessionId,
  eventId,
  vodUrl,
  pointSeconds,
  onDone,
}: Omit<CreateClipDialogProps, "open" | "onOpenChange"> & { onDone: () => void }) {
  const queryClient = useQueryClient();
  const recording = useRecordingLength(vodUrl);
  const { picker, moveStart, moveEnd } = useClipPicker(pointSeconds, recording.seconds);

  const send = async (title: string) => {
    if (!picker) return;
    const { clip } = await createClip({
      video_session_id: sessionId,
      event_id: eventId,
      title,
      start_time: picker.range.start,
      end_time: picker.range.end,
    });
    queryClient.setQueryData<ClipsResponse>(clipKeys.list(sessionId), (old) => old && withClip(old, clip));
    toast.success("Clip created", {
      description: "It is being cut now: you will be told when it is ready.",
      durationMs: DEFAULT_TOAST_MS,
    });
    onDone();
  };

  return (
    <ClipTitleForm submitLabel="Create clip" canSubmit={picker !== null} send={send} onCancel={onDone}>
      <ClipPreview
        sessionId={sessionId}
        vodUrl={vodUrl}
        seekTo={picker?.seekTo ?? null}
        range={picker?.range ?? null}
      />
      {picker ? (
        <ClipRangeFields
          playlistWindow={picker.playlistWindow}
          range={picker.range}
          onStart={moveStart}
          onEnd={moveEnd}
        />
      ) : recording.failed ? (
        <p className="clip-form__loading" role="alert">
          The recording could not be loaded. Close this and try again.
        </p>
      ) : (
        <p className="clip-form__loading" role="status">
          Loading the recording…
        </p>
      )}
    </ClipTitleForm>
  );
}
