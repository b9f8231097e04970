import type { ReactNode } from "react";
import { Link } from "wouter";
import "./PageLayout.css";

export interface PageLayoutProps {
  /** Right-hand side of the header: the sign-in link or the signed-in user. */
  account: ReactNode;
  /** Under the header, on every page: notices about the visitor's account. */
  banner?: ReactNode;
  children: ReactNode;
  /** The live room is a black page (spec 1 §2). */
  tone?: "light" | "dark";
  /** Full-bleed pages (landing, room) lay out their own width. */
  width?: "content" | "full";
  /**
   * The page is exactly the screen's height and its content fills what the header and footer leave
   * (the live room: its lists scroll inside, so the chat composer stays in view on a phone).
   */
  fitsViewport?: boolean;
}

export function PageLayout({
  account,
  banner,
  children,
  tone = "light",
  width = "content",
  fitsViewport = false,
}: PageLayoutProps) {
  return (
    <div className={`page page--${tone}${fitsViewport ? " page--fits-viewport" : ""}`}>
      <a className="page__skip" href="#main">
        Skip to content
      </a>
      <header className="page__header">
        <div className="page__header-inner">
          <Link to="/" className="page__logo">
            <span className="page__logo-mark" aria-hidden="true" />
            Onstage
          </Link>
          <div className="page__account">{account}</div>
        </div>
      </header>
      {banner}
      <main id="main" className={`page__main page__main--${width}`} tabIndex={-1}>
        {children}
      </main>
      <footer className="page__footer">
        <div className="page__footer-inner">
          <span>© Onstage</span>
          <nav aria-label="Legal">
            <Link to="/terms-of-service">Terms of service</Link>
            <Link to="/privacy-policy">Privacy policy</Link>
          </nav>
        </div>
      </footer>
    </div>
  );
}
