import type { EventPageData, RoomResponse, SidebarModule, ViewerFlags } from "@onstage/domain";
import type { ReactNode } from "react";

/** Who is reading a module's panel: what chat, Q&A and polls decide their controls by. */
export interface ChatViewer {
  userId: number | null;
  emailVerified: boolean;
  flags: ViewerFlags;
}

/** What the room's parts around the stage are drawn from. */
export interface RoomViewProps {
  data: EventPageData;
  room: RoomResponse;
  flags: ViewerFlags;
}

export interface RoomSidebarProps {
  data: EventPageData;
  room: RoomResponse;
  urlHash: string;
  viewer: ChatViewer;
}

export interface RoomModuleContext {
  props: RoomSidebarProps;
  isShown: boolean;
  /** Something new arrived; the sidebar counts it while the module's tab is not open. */
  countUnread: () => void;
}

/** One sidebar module (spec 2 §1): adding a stage module is one entry in ROOM_MODULES. */
export interface RoomModule {
  id: SidebarModule;
  label: string;
  /** `visible` is the domain's visibleModules(); the room may lack what the module shows. */
  isShown(visible: readonly SidebarModule[], room: RoomResponse): boolean;
  /**
   * Runs while the sidebar is mounted, tab open or not: keeps the module's live state (counting arrivals
   * while its tab is closed) and returns its panel.
   */
  usePanel(context: RoomModuleContext): ReactNode;
}
