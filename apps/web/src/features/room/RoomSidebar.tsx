import { type SidebarModule, showsUnreadBadge, unreadBadge, visibleModules } from "@onstage/domain";
import { useCallback, useEffect, useRef, useState } from "react";
import { Tabs } from "../../ui/Tabs";
import type { RoomModule, RoomModuleContext, RoomSidebarProps } from "../room-kit/roomModule";
import { ROOM_MODULES } from "./modules";
import { useActiveModule } from "./useActiveModule";

function visibleToViewer({ data, room, viewer }: RoomSidebarProps): SidebarModule[] {
  const { session } = room;
  return visibleModules({
    flags: viewer.flags,
    session: {
      sessionType: session.sessionType,
      state: session.state,
      chatDisabled: session.disableChat,
      qaDisabled: session.disableQa,
      hideAudience: session.hideAudience,
    },
    event: {
      multiSession: data.event.multiSession,
      private: data.event.private,
      clippingDisabled: data.event.disableClipping,
    },
  });
}

/** Mounted for every module, open or not: its live state (and unread count) outlives its tab. */
function ModuleSlot({
  module,
  isOpen,
  context,
}: {
  module: RoomModule;
  isOpen: boolean;
  context: RoomModuleContext;
}) {
  const panel = module.usePanel(context);
  return isOpen ? panel : null;
}

/** Spec 2 §1, §2: the sidebar's modules, the active one remembered per tab, unread badges up to '10+'. */
export function RoomSidebar(props: RoomSidebarProps) {
  const visible = visibleToViewer(props);
  const shown = ROOM_MODULES.filter((module) => module.isShown(visible, props.room));
  const [active, choose] = useActiveModule(
    props.room.session.id,
    shown.map((module) => module.id),
  );
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

  if (!active) return null;
  const tabs = shown.map((module) => ({
    id: module.id,
    label: module.label,
    badge:
      module.id !== active && showsUnreadBadge(module.id, props.viewer.flags)
        ? unreadBadge(unread[module.id] ?? 0)
        : null,
  }));
  return (
    <aside className="room__sidebar" aria-label="Sidebar">
      <Tabs block="room-tabs" label="Room" tabs={tabs} selected={active} onSelect={choose}>
        {ROOM_MODULES.map((module) => (
          <ModuleSlot
            key={module.id}
            module={module}
            isOpen={module.id === active}
            context={{ props, isShown: shown.includes(module), countUnread: countFor(module.id) }}
          />
        ))}
      </Tabs>
    </aside>
  );
}
