import type { CurrentUser } from "@onstage/domain";
import { useId, useRef, useState } from "react";
import { Link } from "wouter";
import { useDismiss } from "../../lib/useDismiss";
import { Avatar } from "../../ui/Avatar";
import { useSignOut } from "../auth/useSignOut";

export function displayName(user: CurrentUser): string {
  return `${user.firstName} ${user.lastName}`.trim() || user.email;
}

/** A disclosure (button + list of links and buttons), not an ARIA menu: Tab moves through it as usual. */
export function UserMenu({ user }: { user: CurrentUser }) {
  const [isOpen, setOpen] = useState(false);
  const rootRef = useRef<HTMLDivElement>(null);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const panelId = useId();
  const signOut = useSignOut();
  const name = displayName(user);
  useDismiss(rootRef, isOpen, (returnFocus) => {
    setOpen(false);
    if (returnFocus) buttonRef.current?.focus();
  });
  const close = () => setOpen(false);
  return (
    <div ref={rootRef} className="account-menu">
      <button
        ref={buttonRef}
        type="button"
        className="account-menu__button"
        aria-expanded={isOpen}
        aria-controls={panelId}
        onClick={() => setOpen((open) => !open)}
      >
        <Avatar name={name} src={user.profilePhoto} size="sm" />
        <span>{name}</span>
        <span className="visually-hidden"> (account menu)</span>
        <svg viewBox="0 0 24 24" width="16" height="16" aria-hidden="true" focusable="false">
          <path d="M6 9l6 6 6-6" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
        </svg>
      </button>
      <div id={panelId} className="account-menu__panel" hidden={!isOpen}>
        <ul className="account-menu__list">
          <li>
            <Link className="account-menu__item" to="/my-events" onClick={close}>
              My events
            </Link>
          </li>
          <li>
            <Link className="account-menu__item" to="/dash" onClick={close}>
              Dashboard
            </Link>
          </li>
          <li>
            <Link className="account-menu__item" to="/account/settings" onClick={close}>
              Account settings
            </Link>
          </li>
          <li className="account-menu__separator">
            <button
              type="button"
              className="account-menu__item"
              disabled={signOut.isPending}
              onClick={() => signOut.mutate("here", { onSuccess: close })}
            >
              Sign out
            </button>
          </li>
          <li>
            <button
              type="button"
              className="account-menu__item"
              disabled={signOut.isPending}
              onClick={() => signOut.mutate("everywhere", { onSuccess: close })}
            >
              Sign out everywhere
            </button>
          </li>
        </ul>
      </div>
    </div>
  );
}
