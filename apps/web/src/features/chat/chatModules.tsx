import { mayToggleChat, type RoomResponse, type SidebarModule } from "@onstage/domain";
import type { RoomModule } from "../room-kit/roomModule";
import { ChatPanel } from "./ChatPanel";
import { PopOutButton, popOutPath, ToggleChatButton } from "./ChatToolbar";
import { useChat } from "./useChat";

type ChatType = "public" | "backstage";

const chatOf = (room: RoomResponse, type: ChatType) =>
  room.chats.find((chat) => chat.chatType === type)?.id ?? null;

/** The public and backstage chats differ only in these. */
function chatRoomModule(
  id: Extract<SidebarModule, "chat" | "backstagechat">,
  type: ChatType,
  labels: { tab: string; popOut: string },
  isShown: RoomModule["isShown"],
): RoomModule {
  return {
    id,
    label: labels.tab,
    isShown,
    usePanel({ props: { data, room, urlHash, viewer }, isShown, countUnread }) {
      const chat = useChat(isShown ? chatOf(room, type) : null, viewer.userId, countUnread);
      const isPublic = type === "public";
      return (
        <ChatPanel
          chat={chat}
          chatType={type}
          chatDisabled={isPublic && room.session.disableChat}
          viewer={viewer}
          toolbar={
            <>
              {isPublic && mayToggleChat(viewer.flags) && <ToggleChatButton room={room} />}
              <PopOutButton url={popOutPath(data.event.eventCode, urlHash, id)} label={labels.popOut} />
            </>
          }
        />
      );
    },
  };
}

export const chatModule = chatRoomModule(
  "chat",
  "public",
  { tab: "Chat", popOut: "Pop out chat" },
  (visible, room) => visible.includes("chat") && chatOf(room, "public") !== null,
);

export const backstageChatModule = chatRoomModule(
  "backstagechat",
  "backstage",
  { tab: "Backstage", popOut: "Pop out backstage chat" },
  // The room lists backstage chat only for viewers who may read it (the server knows speaker assignments).
  (_visible, room) => chatOf(room, "backstage") !== null && room.session.sessionType !== "lobby",
);
