import {
  type ChatType,
  type EventPageData,
  mayToggleChat,
  type RoomResponse,
  type VideoSessionSummary,
} from "@onstage/domain";
import { Link, useParams } from "react-router";
import { useDocumentTitle } from "../../lib/useDocumentTitle";
import { Spinner } from "../../ui/Spinner";
import { useMe } from "../account/useMe";
import { SignInDialogHost } from "../auth/SignInDialog";
import { decideEventView, viewerFlagsFor } from "../event-page/eventView";
import { pickSession } from "../event-page/pickSession";
import { useEventPage } from "../event-page/useEventPage";
import { RealtimeProvider } from "../realtime/RealtimeProvider";
import { ConnectionStatus } from "../room/ConnectionStatus";
import { useRoom } from "../room/useRoom";
import { useSessionTopic } from "../room/useRoomTopics";
import { ChatPanel } from "./ChatPanel";
import { ToggleChatButton } from "./ChatToolbar";
import { useChat } from "./useChat";
import "./chat.css";

const CHAT_TYPES: Record<string, ChatType> = { chat: "public", backstagechat: "backstage" };

/**
 * /c/{eventCode}/{urlHash}/popout/{chat|backstagechat}: one chat alone in its own window (spec 2 §1),
 * standalone: its own connection, no presence and no tab claim (it is not a second room).
 */
export function ChatPopoutPage() {
  const { eventCode = "", urlHash = "", module = "" } = useParams();
  const chatType = CHAT_TYPES[module] ?? null;
  const query = useEventPage(eventCode);
  const data = query.data ?? null;
  const session = data ? pickSession(data.sessions, urlHash) : null;
  const isAvailable =
    data !== null &&
    session !== null &&
    chatType !== null &&
    decideEventView(data, session, { isPreview: false, wantsReplay: false }) === "room";
  const title = chatType === "backstage" ? "Backstage chat" : "Chat";
  useDocumentTitle(data ? `${title} · ${data.event.title}` : title);

  return (
    <main className="chat-popout">
      {query.isPending && eventCode !== "" ? (
        <Spinner label="Loading the chat…" />
      ) : isAvailable && data && session && chatType ? (
        <RealtimeProvider>
          <PopoutRoom data={data} session={session} chatType={chatType} title={title} />
        </RealtimeProvider>
      ) : (
        <div className="chat-popout__gone">
          <h1 className="chat-popout__title">{title}</h1>
          <p>This chat is not available.</p>
          <Link to={`/c/${encodeURIComponent(eventCode)}`}>Go to the event page</Link>
        </div>
      )}
      <SignInDialogHost />
    </main>
  );
}

interface PopoutProps {
  data: EventPageData;
  session: VideoSessionSummary;
  chatType: ChatType;
  title: string;
}

function PopoutRoom(props: PopoutProps) {
  const room = useRoom(props.session.id);
  if (room.isPending) return <Spinner label="Loading the chat…" />;
  if (room.isError) return <p role="alert">Failed to fetch chat messages</p>;
  return <PopoutChat {...props} room={room.data} />;
}

function PopoutChat({ data, session, chatType, title, room }: PopoutProps & { room: RoomResponse }) {
  const { user } = useMe();
  const flags = viewerFlagsFor(data, session);
  const isHidden = chatType === "public" && room.session.disableChat && !flags.isTeam;
  const chatId = isHidden ? null : (room.chats.find((chat) => chat.chatType === chatType)?.id ?? null);
  useSessionTopic(room, data.event.eventCode);
  const chat = useChat(chatId, user?.id ?? null);
  const viewer = {
    userId: user?.id ?? null,
    emailVerified: user?.emailVerified ?? room.viewer.emailVerified,
    flags,
  };
  return (
    <>
      <h1 className="chat-popout__title">
        {title} · {data.event.title}
      </h1>
      <ConnectionStatus />
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
