import { itemNameRefusal, type VideoShare, videoPositionAt } from "@onstage/domain";
import { useId, useState } from "react";
import { useNow } from "../../../lib/useNow";
import { Button } from "../../../ui/Button";
import { ProgressBar } from "../../../ui/ProgressBar";
import { StudioForm } from "../StudioForm";
import { StudioItem } from "../StudioItem";
import { useActionCooldown, useStudioListChange } from "../useStudioList";
import { deleteVideo, updateVideo, videoKeys } from "./videosApi";

const timeText = (seconds: number) =>
  `${Math.floor(seconds / 60)}:${String(Math.floor(seconds % 60)).padStart(2, "0")}`;

function Preparation({ video }: { video: VideoShare }) {
  const { state, progress, error, durationMs } = video.preparation;
  if (state === "pending") return <span>Waiting to be prepared…</span>;
  if (state === "preparing") return <ProgressBar label="Preparing the video" fraction={progress} />;
  if (state === "failed")
    return <span className="studio-error">{error ?? "The video could not be prepared."}</span>;
  return <span>{timeText(durationMs / 1000)}</span>;
}

/** Play, pause and seek: what the host does here, everyone's picture does. */
function PlaybackControls(props: {
  video: VideoShare;
  onState: (state: { status: "playing" | "paused"; position: number }) => void;
}) {
  const id = useId();
  const now = useNow(1_000);
  const duration = props.video.preparation.durationMs / 1000;
  const position = videoPositionAt(props.video.state, props.video.preparation.durationMs, now);
  const [seeking, setSeeking] = useState<number | null>(null);
  const playing = props.video.state.status === "playing" && position < duration;
  return (
    <div className="studio-field">
      <div className="studio-row">
        <Button
          size="sm"
          variant="secondary"
          onClick={() =>
            props.onState({
              status: playing ? "paused" : "playing",
              position: position >= duration ? 0 : position,
            })
          }
        >
          {playing ? "Pause" : "Play"}
        </Button>
        <span aria-live="off">
          {timeText(seeking ?? position)} / {timeText(duration)}
        </span>
      </div>
      <label htmlFor={`${id}-seek`}>Position</label>
      <input
        id={`${id}-seek`}
        type="range"
        min={0}
        max={Math.max(1, Math.floor(duration))}
        step={1}
        value={Math.floor(seeking ?? position)}
        aria-valuetext={`${timeText(seeking ?? position)} of ${timeText(duration)}`}
        onChange={(e) => setSeeking(Number(e.target.value))}
        onPointerUp={() => {
          if (seeking !== null) props.onState({ status: props.video.state.status, position: seeking });
          setSeeking(null);
        }}
        onKeyUp={() => {
          if (seeking !== null) props.onState({ status: props.video.state.status, position: seeking });
          setSeeking(null);
        }}
      />
    </div>
  );
}

function RenameForm(props: {
  title: string;
  isPending: boolean;
  onSave: (title: string) => Promise<unknown>;
  onDone: () => void;
}) {
  const id = useId();
  const [title, setTitle] = useState(props.title);
  return (
    <StudioForm
      submitLabel="Save"
      canSubmit={itemNameRefusal(title) === null && !props.isPending}
      onSubmit={() => void props.onSave(title).then(props.onDone)}
      onCancel={props.onDone}
    >
      <div className="studio-field">
        <label htmlFor={`${id}-title`}>Name</label>
        <input id={`${id}-title`} value={title} onChange={(e) => setTitle(e.target.value)} />
      </div>
    </StudioForm>
  );
}

/** One video of the Videos list: its preparation, Show/Hide, play/pause/seek while on air, rename, delete. */
export function VideoItem({ sessionId, video }: { sessionId: number; video: VideoShare }) {
  const key = videoKeys.list(sessionId);
  const change = useStudioListChange(key, (data: Parameters<typeof updateVideo>[1]) =>
    updateVideo(video.id, data),
  );
  const remove = useStudioListChange(key, () => deleteVideo(video.id));
  const [cooling, cool] = useActionCooldown();
  const name = video.title;
  return (
    <StudioItem
      sessionId={sessionId}
      onDelete={() => remove.mutate(undefined)}
      name={name}
      isShown={video.isActive}
      details={
        <>
          <Preparation video={video} />
          {video.isActive && <PlaybackControls video={video} onState={(state) => change.mutate({ state })} />}
        </>
      }
      actions={
        <Button
          size="sm"
          disabled={video.preparation.state !== "ready" || cooling || change.isPending}
          onClick={() => {
            cool();
            change.mutate({ is_active: !video.isActive });
          }}
          aria-label={`${video.isActive ? "Hide" : "Show"} ${name}`}
        >
          {video.isActive ? "Hide" : "Show"}
        </Button>
      }
      editForm={(done) => (
        <RenameForm
          title={name}
          isPending={change.isPending}
          onSave={(title) => change.mutateAsync({ title })}
          onDone={done}
        />
      )}
    />
  );
}
