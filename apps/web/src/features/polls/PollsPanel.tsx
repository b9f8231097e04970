import type { Poll } from "@onstage/domain";
import { useState } from "react";
import { Button } from "../../ui/Button";
import { EmptyState } from "../../ui/EmptyState";
import { Spinner } from "../../ui/Spinner";
import type { ChatViewer } from "../room-kit/roomModule";
import { DeletePollDialog } from "./DeletePollDialog";
import { PollCard } from "./PollCard";
import { PollFormDialog } from "./PollForm";
import type { PollsHandle } from "./usePolls";
import "./polls.css";

/** Spec 2 §8: no polls, in the admin's or the attendee's words (docs/decisions.md). */
export const NO_POLLS_TEXT = {
  manager: "Create a poll to ask your audience.",
  attendee: "Polls will appear here.",
};

export interface PollsPanelProps {
  polls: PollsHandle;
  eventId: number;
  sessionId: number;
  viewer: ChatViewer;
}

export function PollsPanel({ polls, eventId, sessionId, viewer }: PollsPanelProps) {
  const { state } = polls;
  const [editing, setEditing] = useState<Poll | "new" | null>(null);
  const [deleting, setDeleting] = useState<Poll | null>(null);
  if (state.status === "loading") return <Spinner label="Loading polls" />;
  if (state.status === "failed") {
    return (
      <EmptyState
        title="Failed to fetch polls"
        actions={<Button onClick={() => void polls.retry()}>Retry</Button>}
      />
    );
  }
  return (
    <section className="polls-panel" aria-label="Polls">
      {state.mayManage && (
        <Button variant="primary" size="sm" onClick={() => setEditing("new")}>
          Create poll
        </Button>
      )}
      {polls.shown.length === 0 && (
        <EmptyState title="No polls yet">
          {state.mayManage ? NO_POLLS_TEXT.manager : NO_POLLS_TEXT.attendee}
        </EmptyState>
      )}
      {polls.shown.map((poll, i) => (
        <PollCard
          key={poll.id}
          poll={poll}
          myAnswer={state.myAnswers[poll.id] ?? null}
          mayManage={state.mayManage}
          isFirst={i === 0}
          isLast={i === polls.shown.length - 1}
          onVote={(optionId) => void polls.vote(poll, optionId, viewer.emailVerified)}
          onEdit={() => setEditing(poll)}
          onDelete={() => setDeleting(poll)}
          onToggle={(set) => void polls.toggle(poll, set)}
          onMove={(by) => polls.move(poll, by)}
        />
      ))}
      <DeletePollDialog
        poll={deleting}
        onClose={() => setDeleting(null)}
        onConfirm={(poll) => void polls.remove(poll)}
      />
      {editing !== null && (
        <PollFormDialog
          key={editing === "new" ? "new" : editing.id}
          open
          onOpenChange={(open) => !open && setEditing(null)}
          eventId={eventId}
          sessionId={sessionId}
          poll={editing === "new" ? undefined : editing}
          onSaved={polls.saved}
        />
      )}
    </section>
  );
}
