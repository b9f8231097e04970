import { type Clip, type ClipAnalytics, clipPagePath, recordingClock } from "@onstage/domain";
import { Button, buttonClassName } from "../../ui/Button";
import { ProgressBar } from "../../ui/ProgressBar";
import { ClipStats } from "./ClipStats";

export interface ClipItemProps {
  clip: Clip;
  /** null: the viewer may not see analytics (spec 3 §6). */
  analytics: ClipAnalytics | null;
  /** Spec 3 §6: download, rename and delete (domain canManageClip). */
  mayManage: boolean;
  /** Spec 3 §4: playback is hidden while Broadcasting. */
  mayPlay: boolean;
  onPlay: () => void;
  onShare: () => void;
  onDownload: () => void;
  onRename: () => void;
  onDelete: () => void;
}

/** One clip of the panel (spec 3 §2): its picture, title, author, length, cut, and what may be done. */
export function ClipItem({ clip, analytics, mayManage, mayPlay, ...on }: ClipItemProps) {
  const isReady = clip.render.state === "ready";
  const length = recordingClock(clip.endTime - clip.startTime);
  // The buttons say whose clip they act on: the list has several.
  const named = (action: string) => ({ "aria-label": `${action} ${clip.title}` });
  return (
    <li className="clip-item">
      {clip.thumbnailUrl ? (
        <img className="clip-item__thumbnail" src={clip.thumbnailUrl} alt="" />
      ) : (
        <div className="clip-item__thumbnail clip-item__thumbnail--none" />
      )}
      <div className="clip-item__body">
        <h3 className="clip-item__title">{clip.title}</h3>
        <p className="clip-item__meta">
          {clip.user?.fullName ?? "A former member"} · {length} from {recordingClock(clip.startTime)}
        </p>
        <RenderState clip={clip} />
        {analytics && <ClipStats analytics={analytics} />}
        <div className="clip-item__actions">
          {mayPlay && (
            <Button size="sm" variant="secondary" onClick={on.onPlay} {...named("Play")}>
              Play
            </Button>
          )}
          {isReady && (
            <>
              {/* Spec 3 §2: the public clip page opens in a new tab. */}
              <a
                className={buttonClassName({ variant: "secondary", size: "sm" })}
                href={clipPagePath(clip.slug)}
                target="_blank"
                rel="noopener"
                {...named("Open")}
              >
                Open
              </a>
              <Button size="sm" variant="secondary" onClick={on.onShare} {...named("Share")}>
                Share
              </Button>
            </>
          )}
          {mayManage && isReady && (
            <Button size="sm" variant="secondary" onClick={on.onDownload} {...named("Download")}>
              Download
            </Button>
          )}
          {mayManage && (
            <>
              <Button size="sm" variant="ghost" onClick={on.onRename} {...named("Rename")}>
                Rename
              </Button>
              <Button size="sm" variant="ghost" onClick={on.onDelete} {...named("Delete")}>
                Delete
              </Button>
            </>
          )}
        </div>
      </div>
    </li>
  );
}

function RenderState({ clip }: { clip: Clip }) {
  const { state, progress, error } = clip.render;
  if (state === "pending" || state === "rendering")
    return <ProgressBar label={`Cutting ${clip.title}`} fraction={progress} />;
  if (state === "failed")
    return (
      <p className="clip-item__error" role="status">
        {error ?? "The clip could not be cut."}
      </p>
    );
  return null;
}
