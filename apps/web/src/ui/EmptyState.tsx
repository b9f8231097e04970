import type { ReactNode } from "react";
import "./EmptyState.css";

export interface EmptyStateProps {
  title: string;
  /** h1 when the state is the whole page (not-found pages), h2 inside a page. */
  headingLevel?: 1 | 2;
  children?: ReactNode;
  actions?: ReactNode;
}

export function EmptyState({ title, headingLevel = 2, children, actions }: EmptyStateProps) {
  const Heading = headingLevel === 1 ? "h1" : "h2";
  return (
    <section className="empty-state" aria-label={title}>
      <Heading className="empty-state__title">{title}</Heading>
      {children && <div className="empty-state__text">{children}</div>}
      {actions && <div className="empty-state__actions">{actions}</div>}
    </section>
  );
}
