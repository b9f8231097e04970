import type { DashEvent } from "@onstage/domain";
import { useState } from "react";
import { useLocation } from "wouter";
import { failureText } from "../../../api";
import { Button, ButtonLink } from "../../../ui/Button";
import { FormError } from "../../../ui/FormError";
import { DEFAULT_TOAST_MS, toast } from "../../../ui/toast";
import { ConfirmDialog } from "../form/ConfirmDialog";
import { useArchiveEvent, useDeleteEvent } from "./useEventEditor";

/** Links to the public page and the landing-page preview (spec 1 §2), archive and delete. */
export function EventActions({ event }: { event: DashEvent }) {
  const [, navigate] = useLocation();
  const archive = useArchiveEvent(event.id);
  const remove = useDeleteEvent(event.id, event.organization.id);
  const [isConfirming, setConfirming] = useState(false);
  const isArchived = event.archivedAt !== null;
  const eventPath = `/c/${encodeURIComponent(event.eventCode)}`;
  const toggleArchive = () =>
    archive.mutate(!isArchived, {
      onSuccess: () =>
        toast.success(isArchived ? "Event unarchived" : "Event archived", { durationMs: DEFAULT_TOAST_MS }),
    });
  const confirmDelete = () =>
    remove.mutate(undefined, {
      onSuccess: () => {
        toast.success("Event deleted", { durationMs: DEFAULT_TOAST_MS });
        navigate("/dash");
      },
    });
  return (
    <div className="editor-actions">
      {/* Issue 23 §3.4: the page as its audience sees it (spec 2 §1 useHLS): a host whose session is live
          is not put on its stage with the camera on; the Sessions tab's 'Open room' is the way on stage. */}
      <ButtonLink variant="secondary" size="sm" to={`${eventPath}?useHLS`}>
        View event page
      </ButtonLink>
      <ButtonLink variant="secondary" size="sm" to={`${eventPath}?previewLandingPage=true`}>
        Preview landing page
      </ButtonLink>
      <Button variant="secondary" size="sm" disabled={archive.isPending} onClick={toggleArchive}>
        {isArchived ? "Unarchive" : "Archive"}
      </Button>
      <Button variant="secondary" size="sm" onClick={() => setConfirming(true)}>
        Delete event
      </Button>
      <FormError message={archive.error ? failureText(archive.error) : null} />
      <ConfirmDialog
        open={isConfirming}
        onOpenChange={(open) => {
          setConfirming(open);
          remove.reset();
        }}
        title="Delete event"
        description={`“${event.title}” will be deleted for everyone: it leaves your dashboard and its page no longer opens. This cannot be undone.`}
        confirmLabel="Delete event"
        onConfirm={confirmDelete}
        isPending={remove.isPending}
        error={remove.error ? failureText(remove.error) : null}
      />
    </div>
  );
}
