import { type KeyboardEvent, type ReactNode, useId, useRef } from "react";
import "./form.css";

export interface TabItem<T extends string> {
  id: T;
  label: string;
}

export interface TabsProps<T extends string> {
  label: string;
  tabs: readonly TabItem<T>[];
  selected: T;
  onSelect: (id: T) => void;
  children: ReactNode;
}

/**
 * WAI-ARIA tabs with automatic activation: arrow keys, Home and End move between tabs; only the
 * selected tab is in the Tab order, so Tab goes on into the panel.
 */
export function Tabs<T extends string>({ label, tabs, selected, onSelect, children }: TabsProps<T>) {
  const base = useId();
  const list = useRef<HTMLDivElement>(null);
  const index = Math.max(
    0,
    tabs.findIndex((tab) => tab.id === selected),
  );
  const move = (event: KeyboardEvent) => {
    const steps: Record<string, number> = { ArrowRight: index + 1, ArrowLeft: index - 1, Home: 0, End: -1 };
    const target = steps[event.key];
    if (target === undefined) return;
    event.preventDefault();
    const next = tabs.at(target === -1 ? -1 : (target + tabs.length) % tabs.length);
    if (!next) return;
    onSelect(next.id);
    list.current?.querySelector<HTMLElement>(`[data-tab="${next.id}"]`)?.focus();
  };
  return (
    <div className="tabs">
      <div className="tabs__list" role="tablist" aria-label={label} ref={list} onKeyDown={move}>
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
              className="tabs__tab"
              onClick={() => onSelect(tab.id)}
            >
              {tab.label}
            </button>
          );
        })}
      </div>
      <div
        role="tabpanel"
        id={`${base}-panel`}
        aria-labelledby={`${base}-tab-${selected}`}
        className="tabs__panel"
      >
        {children}
      </div>
    </div>
  );
}
