import { type ChatMessage, type ChatType, mayPostInChat } from "@onstage/domain";
import type { ReactNode } from "react";
import type { ChatViewer } from "../room-kit/roomModule";
import { ChatComposer, type ComposerMode } from "./ChatComposer";
import { ChatHistory } from "./ChatHistory";
import { warnEmailNotVerified } from "./emailToast";
import type { ChatController } from "./useChat";
import "./chat.css";

export interface ChatPanelProps {
  chat: ChatController;
  chatType: ChatType;
  chatDisabled: boolean;
  viewer: ChatViewer;
  /** Host controls and the pop-out button. */
  toolbar?: ReactNode;
}

function composerMode(viewer: ChatViewer, chatType: ChatType, chatDisabled: boolean): ComposerMode {
  if (viewer.userId === null) return "visitor";
  const refusal = mayPostInChat({
    flags: viewer.flags,
    emailVerified: viewer.emailVerified,
    chatType,
    chatDisabled,
  });
  if (refusal === "email_not_verified") return "unverified";
  return refusal === "chat_disabled" ? "disabled" : "ready";
}

/** Public and backstage chat alike (spec 2 §1): toolbar, history, send box. */
export function ChatPanel({ chat, chatType, chatDisabled, viewer, toolbar }: ChatPanelProps) {
  const react = (message: ChatMessage, reaction: string) => {
    if (!viewer.emailVerified) return warnEmailNotVerified();
    void chat.toggleReaction(message, reaction).catch(() => {});
  };
  return (
    <div className="chat">
      {toolbar && <div className="chat__toolbar">{toolbar}</div>}
      {chatType === "public" && chatDisabled && (
        <p className="chat__notice">Chat is disabled for the audience.</p>
      )}
      <ChatHistory chat={chat} viewer={viewer} onReact={react} />
      <ChatComposer mode={composerMode(viewer, chatType, chatDisabled)} onSend={chat.send} />
    </div>
  );
}
