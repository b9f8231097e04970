import {
  type EventPageData,
  mayToggleChat,
  type RoomResponse,
  type SidebarModule,
  showsUnreadBadge,
  unreadBadge,
  visibleModules,
} from "@onstage/domain";
import { useCallback, useEffect, useRef, useState } from "react";
import { Tabs } from "../../ui/Tabs";
import type { ChatViewer } from "../chat/ChatMessageItem";
import { ChatPanel } from "../chat/ChatPanel";
import { PopOutButton, popOutPath, ToggleChatButton } from "../chat/ChatToolbar";
import { useChat } from "../chat/useChat";
import { PeoplePanel } from "../people/PeoplePanel";
import { useActiveModule } from "./useActiveModule";

/** The modules that exist so far; q&a, polls, clips, studio and sessions come with their issues. */
const BUILT: readonly SidebarModule[] = ["chat", "people", "backstagechat"];

const LABELS: Partial<Record<SidebarModule, string>> = {
  chat: "Chat",
  people: "People",
  backstagechat: "Backstage",
};

export interface RoomSidebarProps {
  data: EventPageData;
  room: RoomResponse;
  urlHash: string;
  viewer: ChatViewer;
}

function shownModules({ data, room, viewer }: RoomSidebarProps): SidebarModule[] {
  const { session } = room;
  const visible = visibleModules({
    flags: viewer.flags,
    session: {
      sessionType: session.sessionType,
      state: session.state,
      chatDisabled: session.disableChat,
      qaDisabled: false,
      hideAudience: session.hideAudience,
    },
    event: { multiSession: data.event.multiSession, private: data.event.private, clippingDisabled: false },
  });
  const hasChat = (type: "public" | "backstage") => room.chats.some((chat) => chat.chatType === type);
  return BUILT.filter((module) => {
    if (module === "chat") return visible.includes("chat") && hasChat("public");
    // The room lists backstage chat only for viewers who may read it (the server knows speaker assignments).
    if (module === "backstagechat") return hasChat("backstage") && session.sessionType !== "lobby";
    return visible.includes(module);
  });
}

/** Spec 2 §1, §2: the sidebar's modules, the active one remembered per tab, unread badges up to '10+'. */
export function RoomSidebar(props: RoomSidebarProps) {
  const { data, room, urlHash, viewer } = props;
  const modules = shownModules(props);
  const [active, choose] = useActiveModule(room.session.id, modules);
  const [unread, setUnread] = useState<Partial<Record<SidebarModule, number>>>({});
  const activeNow = useRef(active);
  useEffect(() => {
    activeNow.current = active;
    if (active) setUnread((counts) => (counts[active] ? { ...counts, [active]: 0 } : counts));
  }, [active]);
  const countFor = useCallback(
    (module: SidebarModule) => () => {
      if (activeNow.current !== module)
        setUnread((counts) => ({ ...counts, [module]: (counts[module] ?? 0) + 1 }));
    },
    [],
  );

  const chatOf = (type: "public" | "backstage") =>
    room.chats.find((chat) => chat.chatType === type)?.id ?? null;
  const publicChat = useChat(
    modules.includes("chat") ? chatOf("public") : null,
    viewer.userId,
    countFor("chat"),
  );
  const backstageChat = useChat(
    modules.includes("backstagechat") ? chatOf("backstage") : null,
    viewer.userId,
    countFor("backstagechat"),
  );

  if (!active) return null;
  const tabs = modules.map((module) => ({
    id: module,
    label: LABELS[module] ?? module,
    badge:
      module !== active && showsUnreadBadge(module, viewer.flags) ? unreadBadge(unread[module] ?? 0) : null,
  }));
  const popOut = (module: "chat" | "backstagechat", label: string) => (
    <PopOutButton url={popOutPath(data.event.eventCode, urlHash, module)} label={label} />
  );
  return (
    <aside className="room__sidebar" aria-label="Sidebar">
      <Tabs block="room-tabs" label="Room" tabs={tabs} selected={active} onSelect={choose}>
        {active === "chat" && (
          <ChatPanel
            chat={publicChat}
            chatType="public"
            chatDisabled={room.session.disableChat}
            viewer={viewer}
            toolbar={
              <>
                {mayToggleChat(viewer.flags) && <ToggleChatButton room={room} />}
                {popOut("chat", "Pop out chat")}
              </>
            }
          />
        )}
        {active === "backstagechat" && (
          <ChatPanel
            chat={backstageChat}
            chatType="backstage"
            chatDisabled={false}
            viewer={viewer}
            toolbar={popOut("backstagechat", "Pop out backstage chat")}
          />
        )}
        {active === "people" && <PeoplePanel eventId={room.session.eventId} sessionId={room.session.id} />}
      </Tabs>
    </aside>
  );
}
