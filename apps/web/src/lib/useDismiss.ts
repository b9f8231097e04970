import { type RefObject, useEffect, useRef } from "react";

/**
 * Closes a popup (menu, disclosure) when the pointer or focus goes elsewhere, or on Escape; only Escape
 * returns focus to the trigger, since the other two already put it where the user wanted.
 */
export function useDismiss(
  ref: RefObject<HTMLElement | null>,
  isOpen: boolean,
  onDismiss: (returnFocus: boolean) => void,
) {
  const dismiss = useRef(onDismiss);
  dismiss.current = onDismiss;
  useEffect(() => {
    if (!isOpen) return;
    const isOutside = (target: EventTarget | null) =>
      target instanceof Node && !ref.current?.contains(target);
    const onPointerDown = (event: PointerEvent) => {
      if (isOutside(event.target)) dismiss.current(false);
    };
    const onFocusIn = (event: FocusEvent) => {
      if (isOutside(event.target)) dismiss.current(false);
    };
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key === "Escape") dismiss.current(true);
    };
    document.addEventListener("pointerdown", onPointerDown);
    document.addEventListener("focusin", onFocusIn);
    document.addEventListener("keydown", onKeyDown);
    return () => {
      document.removeEventListener("pointerdown", onPointerDown);
      document.removeEventListener("focusin", onFocusIn);
      document.removeEventListener("keydown", onKeyDown);
    };
  }, [isOpen, ref]);
}
