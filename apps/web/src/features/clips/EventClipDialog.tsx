import { errorMessage } from "@onstage/domain";
import { useState } from "react";
import { useSearchParams } from "wouter";
import { Dialog } from "../../ui/Dialog";
import { Spinner } from "../../ui/Spinner";
import { registrationSource } from "../registration/registrationSource";
import { ClipVideo } from "./ClipVideo";
import { useClipById } from "./useClipPage";
import "./clips.css";

/**
 * Spec 1 §2: ?clip_id= on the event page opens that clip. Closing it leaves the parameter in the address:
 * a registration from this visit still counts for the clip (registrationSource).
 */
export function EventClipDialog() {
  const [searchParams] = useSearchParams();
  // The registration's own reading of the address: the clip shown is the one a registration counts for.
  const clipId = registrationSource(searchParams.toString()).clip_id;
  return clipId === undefined ? null : <ClipDialog clipId={clipId} />;
}

function ClipDialog({ clipId }: { clipId: number }) {
  const [isOpen, setOpen] = useState(true);
  const query = useClipById(clipId);
  const clip = query.data?.clip ?? null;
  return (
    <Dialog
      open={isOpen}
      onOpenChange={setOpen}
      title={clip?.title ?? "Clip"}
      description={query.data ? `A moment from ${query.data.event.title}` : "A moment from this event"}
    >
      {clip ? (
        <ClipVideo clip={clip} className="event-clip__video" />
      ) : query.isPending ? (
        <Spinner label="Loading clip…" />
      ) : (
        <p>{errorMessage("clip_not_found")}</p>
      )}
    </Dialog>
  );
}
