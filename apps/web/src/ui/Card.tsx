import type { HTMLAttributes } from "react";
import "./Card.css";

export interface CardProps extends HTMLAttributes<HTMLElement> {
  /** Lift on hover, for cards that act as one big link. */
  interactive?: boolean;
}

export function Card({ interactive = false, className, ...rest }: CardProps) {
  const classes = ["card", interactive ? "card--interactive" : "", className ?? ""].filter(Boolean).join(" ");
  return <article className={classes} {...rest} />;
}
