import "./events.css";

/** The cover photo, or the brand gradient when the event has none (spec 1 §2). Decorative: the title is text. */
export function EventCover({ src, className }: { src: string | null; className?: string }) {
  const classes = ["event-cover", className ?? ""].filter(Boolean).join(" ");
  if (!src) return <div className={`${classes} event-cover--fallback`} aria-hidden="true" />;
  return <img className={classes} src={src} alt="" loading="lazy" />;
}
