import { type ChatType, mayToggleChat } from "@onstage/domain";
import { useParams } from "wouter";
import { useMe } from "../account/useMe";
import { viewerFlagsFor } from "../event-page/eventView";
import { ConnectionStatus } from "../room-kit/ConnectionStatus";
import { PopoutFrame, type PopoutPlace } from "../room-kit/PopoutFrame";
import { DecideViewAgain, useSessionTopic } from "../room-kit/sessionTopic";
import { ChatPanel } from "./ChatPanel";
import { ToggleChatButton } from "./ChatToolbar";
import { useChat } from "./useChat";

const CHAT_TYPES: Record<string, ChatType> = { chat: "public", backstagechat: "backstage" };

/** /c/{eventCode}/{urlHash}/popout/{chat|backstagechat}: one chat alone in its own window. */
export function ChatPopoutPage() {
  const { module = "" } = useParams();
  const chatType = CHAT_TYPES[module] ?? null;
  const title = chatType === "backstage" ? "Backstage chat" : "Chat";
  return (
    <PopoutFrame
      title={title}
      isKnown={chatType !== null}
      texts={{
        loading: "Loading the chat…",
        failed: "Failed to fetch chat messages",
        gone: "This chat is not available.",
      }}
    >
      {(place) => chatType && <PopoutChat {...place} chatType={chatType} title={title} />}
    </PopoutFrame>
  );
}

interface PopoutProps extends PopoutPlace {
  chatType: ChatType;
  title: string;
}

function PopoutChat({ data, session, chatType, title, room }: PopoutProps) {
  const { user } = useMe();
  const flags = viewerFlagsFor(data, session);
  const isHidden = chatType === "public" && room.session.disableChat && !flags.isTeam;
  const chatId = isHidden ? null : (room.chats.find((chat) => chat.chatType === chatType)?.id ?? null);
  useSessionTopic(room);
  const chat = useChat(chatId, user?.id ?? null);
  const viewer = {
    userId: user?.id ?? null,
    emailVerified: user?.emailVerified ?? room.viewer.emailVerified,
    flags,
  };
  return (
    <>
      <h1 className="popout__title">
        {title} · {data.event.title}
      </h1>
      <ConnectionStatus />
      <DecideViewAgain eventCode={data.event.eventCode} state={room.session.state} />
      {chatId === null ? (
        <p>{isHidden ? "Chat is disabled." : "This chat is not available."}</p>
      ) : (
        <ChatPanel
          chat={chat}
          chatType={chatType}
          chatDisabled={room.session.disableChat}
          viewer={viewer}
          toolbar={
            chatType === "public" && mayToggleChat(flags) ? <ToggleChatButton room={room} /> : undefined
          }
        />
      )}
    </>
  );
}
