import type { ChatMessage } from "@onstage/domain";
import { useLayoutEffect, useRef, useState } from "react";
import { Button } from "../../ui/Button";
import { Spinner } from "../../ui/Spinner";
import { type InStepOptions, useInStep } from "../player/useInStep";
import type { ChatViewer } from "../room-kit/roomModule";
import { ChatMessageItem } from "./ChatMessageItem";
import type { ChatController } from "./useChat";
import { CHAT_LOAD_FAILED_TEXT } from "./useChat";
import { useChatReplay } from "./useChatReplay";

/** Within this distance of the bottom, new messages keep the view pinned to the newest. */
const PINNED_SLACK_PX = 48;

export interface ChatHistoryProps {
  chat: ChatController;
  viewer: ChatViewer;
  onReact: (message: ChatMessage, reaction: string) => void;
}

/** The audience's conversation: at once live; in the replay, as far as the recording has played. */
const CHAT_IN_STEP: InStepOptions<ChatMessage> = {
  keyOf: (message) => message.id,
  happenedAtMs: (message) => Date.parse(message.timestamp),
  holdsLive: false,
};

/** The messages, newest at the bottom (role=log: new ones are announced politely). */
export function ChatHistory({ chat, viewer, onReact }: ChatHistoryProps) {
  const { state } = chat;
  const scroller = useRef<HTMLDivElement>(null);
  const isPinned = useRef(true);
  const [isLoadingOlder, setLoadingOlder] = useState(false);
  useChatReplay(chat);
  const messages = useInStep(state.messages, CHAT_IN_STEP);
  const newest = messages.at(-1) ?? null;
  const newestId = newest?.id ?? null;
  // One's own new message always comes into view; others' only while the view is at the bottom.
  const isOwnNewest = newest !== null && newest.userId === viewer.userId;

  useLayoutEffect(() => {
    const element = scroller.current;
    if (element && newestId !== null && (isPinned.current || isOwnNewest)) {
      element.scrollTop = element.scrollHeight;
    }
  }, [newestId, isOwnNewest]);

  if (state.status === "loading") return <Spinner label="Loading messages…" />;
  if (state.status === "error") {
    return (
      <div className="chat__error" role="alert">
        <p>{CHAT_LOAD_FAILED_TEXT}</p>
        <Button size="sm" variant="secondary" onClick={() => void chat.retry()}>
          Retry
        </Button>
      </div>
    );
  }
  const loadOlder = () => {
    isPinned.current = false;
    setLoadingOlder(true);
    void chat.loadOlder().finally(() => setLoadingOlder(false));
  };
  return (
    <div
      className="chat__history"
      ref={scroller}
      role="log"
      aria-label="Chat messages"
      // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling region must be focusable to scroll by keyboard (WCAG 2.1.1).
      tabIndex={0}
      onScroll={(event) => {
        const element = event.currentTarget;
        isPinned.current = element.scrollHeight - element.scrollTop - element.clientHeight < PINNED_SLACK_PX;
      }}
    >
      {state.hasMore && (
        <Button
          size="sm"
          variant="ghost"
          className="chat__older"
          disabled={isLoadingOlder}
          onClick={loadOlder}
        >
          Load earlier messages
        </Button>
      )}
      {messages.length === 0 ? (
        <p className="chat__empty">No messages yet.</p>
      ) : (
        <ol className="chat__messages">
          {messages.map((message) => (
            <ChatMessageItem
              key={message.id}
              message={message}
              viewer={viewer}
              onEdit={chat.edit}
              onDelete={(m) => void chat.remove(m.id).catch(() => {})}
              onReact={onReact}
            />
          ))}
        </ol>
      )}
    </div>
  );
}
