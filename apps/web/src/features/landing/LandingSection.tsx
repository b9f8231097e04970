import { type ReactNode, useId } from "react";
import "./SidebarSections.css";

/** A titled region of the landing page (About, Tickets, Host, Share), named by its heading. */
export function LandingSection({ title, children }: { title: string; children: ReactNode }) {
  const headingId = useId();
  return (
    <section className="landing-section" aria-labelledby={headingId}>
      <h2 id={headingId} className="landing-section__title">
        {title}
      </h2>
      {children}
    </section>
  );
}
