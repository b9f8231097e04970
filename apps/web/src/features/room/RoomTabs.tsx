import type { SidebarModule } from "@onstage/domain";
import { type KeyboardEvent, type ReactNode, useId, useRef } from "react";

export interface RoomTab {
  id: SidebarModule;
  label: string;
  /** unreadBadge's text ('3', '10+'), or null. */
  badge: string | null;
}

export interface RoomTabsProps {
  tabs: readonly RoomTab[];
  active: SidebarModule;
  onSelect: (id: SidebarModule) => void;
  children: ReactNode;
}

/**
 * The sidebar's modules as WAI-ARIA tabs with automatic activation: arrow keys, Home and End move
 * between tabs; only the selected tab is in the Tab order, so Tab goes on into the panel.
 */
export function RoomTabs({ tabs, active, onSelect, children }: RoomTabsProps) {
  const base = useId();
  const list = useRef<HTMLDivElement>(null);
  const index = Math.max(
    0,
    tabs.findIndex((tab) => tab.id === active),
  );
  const move = (event: KeyboardEvent) => {
    const targets: Record<string, number> = {
      ArrowRight: index + 1,
      ArrowDown: index + 1,
      ArrowLeft: index - 1,
      ArrowUp: index - 1,
      Home: 0,
      End: tabs.length - 1,
    };
    const target = targets[event.key];
    if (target === undefined) return;
    event.preventDefault();
    const next = tabs[(target + tabs.length) % tabs.length];
    if (!next) return;
    onSelect(next.id);
    list.current?.querySelector<HTMLElement>(`[data-tab="${next.id}"]`)?.focus();
  };
  return (
    <div className="room-tabs">
      <div className="room-tabs__list" role="tablist" aria-label="Room" ref={list} onKeyDown={move}>
        {tabs.map((tab) => {
          const isActive = tab.id === active;
          return (
            <button
              key={tab.id}
              type="button"
              role="tab"
              id={`${base}-tab-${tab.id}`}
              data-tab={tab.id}
              aria-selected={isActive}
              aria-controls={isActive ? `${base}-panel` : undefined}
              tabIndex={isActive ? 0 : -1}
              className="room-tabs__tab"
              // The name reads 'Chat, 3 unread': the badge alone would join the label ('Chat3').
              aria-label={tab.badge ? `${tab.label}, ${tab.badge} unread` : undefined}
              onClick={() => onSelect(tab.id)}
            >
              {tab.label}
              {tab.badge && (
                <span className="room-tabs__badge" aria-hidden="true">
                  {tab.badge}
                </span>
              )}
            </button>
          );
        })}
      </div>
      <div
        role="tabpanel"
        id={`${base}-panel`}
        aria-labelledby={`${base}-tab-${active}`}
        className="room-tabs__panel"
      >
        {children}
      </div>
    </div>
  );
}
