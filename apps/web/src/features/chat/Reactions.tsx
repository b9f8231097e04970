import type { ChatMessage } from "@onstage/domain";
import { useState } from "react";
import { namesOf, usePeople } from "../people-directory/usePeople";

/** Not in the specs: a small fixed palette (the server accepts any short token, isValidReaction). */
export const REACTION_PALETTE = ["👍", "❤️", "😂", "🎉", "👏", "🙌"] as const;

interface ReactionCount {
  reaction: string;
  count: number;
  isMine: boolean;
  userIds: number[];
}

function countReactions(message: ChatMessage, viewerUserId: number | null): ReactionCount[] {
  const counts = new Map<string, ReactionCount>();
  for (const { reaction, userId } of message.reactions) {
    const entry = counts.get(reaction) ?? { reaction, count: 0, isMine: false, userIds: [] };
    entry.count += 1;
    entry.userIds.push(userId);
    entry.isMine ||= userId === viewerUserId;
    counts.set(reaction, entry);
  }
  return [...counts.values()];
}

export interface ReactionsProps {
  message: ChatMessage;
  viewerUserId: number | null;
  /** False for visitors: counts only. */
  canReact: boolean;
  onToggle: (reaction: string) => void;
}

/** Reaction counts under a message; pressing one toggles your own, 'Add reaction' opens the palette. */
export function Reactions({ message, viewerUserId, canReact, onToggle }: ReactionsProps) {
  const [isOpen, setOpen] = useState(false);
  const counts = countReactions(message, viewerUserId);
  // Issue 29 §3: who reacted, from the room's people directory (the message carries their ids only).
  const people = usePeople(message.reactions.map((r) => r.userId));
  const pick = (reaction: string) => {
    setOpen(false);
    onToggle(reaction);
  };
  if (counts.length === 0 && !canReact) return null;
  return (
    <div className="reactions">
      {counts.map(({ reaction, count, isMine, userIds }) =>
        canReact ? (
          <button
            key={reaction}
            type="button"
            className="reaction"
            aria-pressed={isMine}
            aria-label={`${reaction} ${count}`}
            title={namesOf(userIds, people) ?? undefined}
            onClick={() => pick(reaction)}
          >
            {reaction} {count}
          </button>
        ) : (
          <span
            key={reaction}
            className="reaction"
            role="img"
            aria-label={`${reaction} ${count}`}
            title={namesOf(userIds, people) ?? undefined}
          >
            {reaction} {count}
          </span>
        ),
      )}
      {canReact && (
        <button
          type="button"
          className="reaction reaction--add"
          aria-expanded={isOpen}
          onClick={() => setOpen((open) => !open)}
        >
          Add reaction
        </button>
      )}
      {isOpen && (
        <fieldset className="reactions__palette">
          <legend className="visually-hidden">Reactions</legend>
          {REACTION_PALETTE.map((reaction) => (
            <button
              key={reaction}
              type="button"
              className="reaction"
              aria-label={`React with ${reaction}`}
              onClick={() => pick(reaction)}
            >
              {reaction}
            </button>
          ))}
        </fieldset>
      )}
    </div>
  );
}
