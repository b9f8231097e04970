import { type KeyboardEvent, type ReactNode, useId, useRef } from "react";

export interface TabItem<T extends string> {
  id: T;
  label: string;
  /** A count to show on the tab ('3', '10+'), read as '{label}, {badge} unread'. */
  badge?: string | null;
}

export interface TabsProps<T extends string> {
  label: string;
  tabs: readonly TabItem<T>[];
  selected: T;
  onSelect: (id: T) => void;
  children: ReactNode;
  /** The BEM block of the feature's styles: `{block}__list`, `{block}__tab`, `{block}__badge`, `{block}__panel`. */
  block: string;
}

/**
 * WAI-ARIA tabs with automatic activation: arrow keys, Home and End move between tabs; only the
 * selected tab is in the Tab order, so Tab goes on into the panel.
 */
export function Tabs<T extends string>({ label, tabs, selected, onSelect, children, block }: TabsProps<T>) {
  const base = useId();
  const list = useRef<HTMLDivElement>(null);
  const index = Math.max(
    0,
    tabs.findIndex((tab) => tab.id === selected),
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
    <div className={block}>
      <div className={`${block}__list`} role="tablist" aria-label={label} ref={list} onKeyDown={move}>
        {tabs.map((tab) => {
          const isSelected = tab.id === selected;
          return (
            <button
              key={tab.id}
              type="button"
              role="tab"
              id={`${base}-tab-${tab.id}`}
              data-tab={tab.id}
              aria-selected={isSelected}
              aria-controls={isSelected ? `${base}-panel` : undefined}
              tabIndex={isSelected ? 0 : -1}
              className={`${block}__tab`}
              // The name reads 'Chat, 3 unread': the badge alone would join the label ('Chat3').
              aria-label={tab.badge ? `${tab.label}, ${tab.badge} unread` : undefined}
              onClick={() => onSelect(tab.id)}
            >
              {tab.label}
              {/* WCAG 2.5.3: the visible 'Chat 3' must read as words inside the name 'Chat, 3 unread' (in the
                  tab's flex box the space takes no room). */}
              {tab.badge && " "}
              {tab.badge && (
                <span className={`${block}__badge`} aria-hidden="true">
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
        aria-labelledby={`${base}-tab-${selected}`}
        className={`${block}__panel`}
      >
        {children}
      </div>
    </div>
  );
}
