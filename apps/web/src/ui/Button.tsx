import type { AnchorHTMLAttributes, ButtonHTMLAttributes, ReactNode } from "react";
import { Link } from "wouter";
import "./Button.css";

export type ButtonVariant = "primary" | "secondary" | "ghost";
export type ButtonSize = "sm" | "md" | "lg";

interface ButtonLook {
  variant?: ButtonVariant;
  size?: ButtonSize;
  fullWidth?: boolean;
}

export function buttonClassName(
  { variant = "primary", size = "md", fullWidth = false }: ButtonLook,
  extra?: string,
) {
  return ["btn", `btn--${variant}`, `btn--${size}`, fullWidth ? "btn--full" : "", extra ?? ""]
    .filter(Boolean)
    .join(" ");
}

export type ButtonProps = ButtonHTMLAttributes<HTMLButtonElement> & ButtonLook;

export function Button({ variant, size, fullWidth, className, type = "button", ...rest }: ButtonProps) {
  return (
    <button type={type} className={buttonClassName({ variant, size, fullWidth }, className)} {...rest} />
  );
}

export type ButtonLinkProps = Omit<AnchorHTMLAttributes<HTMLAnchorElement>, "href"> &
  ButtonLook & { to: string; children: ReactNode };

/** A link that looks like a button: navigation stays a link for assistive technology. */
export function ButtonLink({ variant, size, fullWidth, className, ...rest }: ButtonLinkProps) {
  return <Link className={buttonClassName({ variant, size, fullWidth }, className)} {...rest} />;
}
