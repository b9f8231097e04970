import { type ReactNode, useId } from "react";
import { buttonClassName } from "../../../ui/Button";

/** A part of the analytics tab: its heading, the CSV behind it, its chart and tables. */
export function AnalyticsSection(props: {
  title: string;
  csv?: { href: string; label: string };
  children: ReactNode;
}) {
  const headingId = useId();
  return (
    <section className="part-list analytics-section" aria-labelledby={headingId}>
      <div className="part-list__header">
        <h2 id={headingId} className="part-list__title">
          {props.title}
        </h2>
        {props.csv && (
          <a className={buttonClassName({ variant: "secondary", size: "sm" })} href={props.csv.href} download>
            {props.csv.label}
          </a>
        )}
      </div>
      {props.children}
    </section>
  );
}
