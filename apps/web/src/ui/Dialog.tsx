import * as RadixDialog from "@radix-ui/react-dialog";
import { type ReactNode, useRef } from "react";
import "./Dialog.css";

export interface DialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** Required: it names the dialog for assistive technology. */
  title: string;
  /** Required: read out when the dialog opens. */
  description: ReactNode;
  /** Visually hide the description when the body already says it. */
  hideDescription?: boolean;
  children?: ReactNode;
  /** False for blocking dialogs (spec 1 §2 live room): no close button, Escape and outside clicks do nothing. */
  dismissable?: boolean;
}

const keepOpen = (event: Event) => event.preventDefault();

/** Escape in an open combobox closes its list, not the dialog around it (Radix listens first). */
function escapeClosesPopupFirst(event: KeyboardEvent) {
  const target = event.target;
  const isOpenCombobox =
    target instanceof HTMLElement &&
    target.getAttribute("role") === "combobox" &&
    target.getAttribute("aria-expanded") === "true";
  if (isOpenCombobox) event.preventDefault();
}

/** Radix focuses the first focusable element (the close button); a field marked data-autofocus wins. */
function focusMarked(event: Event) {
  if (!(event.currentTarget instanceof HTMLElement)) return;
  const marked = event.currentTarget.querySelector<HTMLElement>("[data-autofocus]");
  if (!marked) return;
  event.preventDefault();
  marked.focus();
}

/**
 * Radix handles the focus trap and Escape to close. It gives the focus back only to a Radix Trigger, and
 * our dialogs open from plain buttons and menus: so the dialog remembers what had the focus when it
 * opened and gives it back on close (when that element is still on the page).
 */
export function Dialog({
  open,
  onOpenChange,
  title,
  description,
  hideDescription,
  children,
  dismissable = true,
}: DialogProps) {
  const opener = useRef<HTMLElement | null>(null);
  const rememberOpener = (event: Event) => {
    opener.current = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    focusMarked(event);
  };
  const focusOpener = (event: Event) => {
    event.preventDefault();
    if (opener.current?.isConnected) opener.current.focus();
  };
  const blocking = dismissable
    ? { onEscapeKeyDown: escapeClosesPopupFirst }
    : { onEscapeKeyDown: keepOpen, onInteractOutside: keepOpen };
  return (
    <RadixDialog.Root open={open} onOpenChange={onOpenChange}>
      <RadixDialog.Portal>
        <RadixDialog.Overlay className="dialog__overlay" />
        <RadixDialog.Content
          className="dialog__content"
          onOpenAutoFocus={rememberOpener}
          onCloseAutoFocus={focusOpener}
          {...blocking}
        >
          <div className="dialog__header">
            <RadixDialog.Title className="dialog__title">{title}</RadixDialog.Title>
            {dismissable && (
              <RadixDialog.Close className="dialog__close" aria-label="Close">
                <svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true" focusable="false">
                  <path
                    d="M6 6l12 12M18 6L6 18"
                    stroke="currentColor"
                    strokeWidth="2"
                    strokeLinecap="round"
                  />
                </svg>
              </RadixDialog.Close>
            )}
          </div>
          <RadixDialog.Description className={hideDescription ? "visually-hidden" : "dialog__description"}>
            {description}
          </RadixDialog.Description>
          {children}
        </RadixDialog.Content>
      </RadixDialog.Portal>
    </RadixDialog.Root>
  );
}
