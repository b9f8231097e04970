import type { Clip, ClipAnalytics, ClipsResponse, RoomResponse } from "@onstage/domain";
import type { UseQueryResult } from "@tanstack/react-query";
import { type ReactNode, useState } from "react";
import { Button } from "../../ui/Button";
import { EmptyState } from "../../ui/EmptyState";
import { Spinner } from "../../ui/Spinner";
import type { ChatViewer } from "../room-kit/roomModule";
import { ClipItem } from "./ClipItem";
import { CreateClipButton } from "./CreateClipButton";
import { useClipsPanelOpen } from "./clipsRoom";
import { DeleteClipDialog } from "./DeleteClipDialog";
import { RenameClipDialog } from "./RenameClipDialog";
import { ShareClipDialog } from "./ShareClipDialog";
import type { ClipEvent } from "./useClipAbility";
import { useClipActions } from "./useClipActions";
import "./clips.css";

/** Spec 3 §2: no clips yet, in the team's words or everyone else's. */
const NO_CLIPS_TEXT = {
  team: "Drive more registrations with clips",
  others: "Share your favorite moments",
};

export interface ClipsPanelProps {
  event: ClipEvent;
  room: RoomResponse;
  viewer: ChatViewer;
  clips: UseQueryResult<ClipsResponse>;
}

const NO_ANALYTICS: ClipAnalytics = { views: 0, registrations: 0 };

type Opened = { dialog: "share" | "rename" | "delete"; clip: Clip } | null;

/** Spec 3 §2 Clips panel: the clips by start_time, a create-clip button and a share dialog. */
export function ClipsPanel({ event, room, viewer, clips }: ClipsPanelProps) {
  useClipsPanelOpen();
  const actions = useClipActions(room.session.id, event.id, viewer);
  const [opened, setOpened] = useState<Opened>(null);
  const open = (dialog: NonNullable<Opened>["dialog"], clip: Clip) => () => setOpened({ dialog, clip });
  const close = () => setOpened(null);
  const openedClip = (dialog: NonNullable<Opened>["dialog"]) =>
    opened?.dialog === dialog ? opened.clip : null;
  return (
    <section className="clips-panel" aria-label="Clips">
      <CreateClipButton event={event} room={room} flags={viewer.flags} place="panel" />
      <ClipsList
        clips={clips}
        isTeam={viewer.flags.isTeam}
        render={(clip, analytics) => (
          <ClipItem
            key={clip.id}
            clip={clip}
            analytics={analytics}
            mayManage={actions.mayManage(clip)}
            mayPlay={room.session.state !== "broadcasting"}
            onPlay={() => actions.play(clip)}
            onShare={open("share", clip)}
            onDownload={() => actions.download(clip)}
            onRename={open("rename", clip)}
            onDelete={open("delete", clip)}
          />
        )}
      />
      <ShareClipDialog clip={openedClip("share")} onClose={close} />
      <RenameClipDialog clip={openedClip("rename")} onClose={close} onRenamed={actions.renamed} />
      <DeleteClipDialog clip={openedClip("delete")} onClose={close} onConfirm={actions.remove} />
    </section>
  );
}

function ClipsList({
  clips,
  isTeam,
  render,
}: {
  clips: UseQueryResult<ClipsResponse>;
  isTeam: boolean;
  render: (clip: Clip, analytics: ClipAnalytics | null) => ReactNode;
}) {
  if (clips.isPending) return <Spinner label="Loading clips" />;
  if (!clips.data) {
    return (
      <EmptyState
        title="Failed to fetch clips"
        actions={<Button onClick={() => void clips.refetch()}>Retry</Button>}
      />
    );
  }
  const { clips: list, analytics } = clips.data;
  if (list.length === 0) {
    return <EmptyState title={isTeam ? NO_CLIPS_TEXT.team : NO_CLIPS_TEXT.others} />;
  }
  return (
    <ul className="clips-panel__list">
      {list.map((clip) => render(clip, analytics && (analytics[String(clip.id)] ?? NO_ANALYTICS)))}
    </ul>
  );
}
