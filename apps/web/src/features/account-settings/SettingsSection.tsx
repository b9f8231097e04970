import { type ReactNode, useId } from "react";

export function SettingsSection({ title, children }: { title: string; children: ReactNode }) {
  const headingId = useId();
  return (
    <section className="settings-section" aria-labelledby={headingId}>
      <h2 id={headingId} className="settings-section__title">
        {title}
      </h2>
      {children}
    </section>
  );
}

/** A polite confirmation ('Profile saved'); the region stays mounted so the change is announced. */
export function SavedNote({ text }: { text: string | null }) {
  return (
    <p className="settings-section__saved" role="status">
      {text ?? ""}
    </p>
  );
}
