import { useEffect, useRef } from "react";
import { Button } from "../../ui/Button";

export const DUPLICATE_TAB_HEADING = "Onstage is open in another tab";

/**
 * Spec 1 §4: the blocking screen of a tab that does not hold the session. It replaces the room (nothing
 * of the room runs behind it) and takes focus, so a screen reader announces it.
 */
export function DuplicateTabScreen({ isBusy, onUseHere }: { isBusy: boolean; onUseHere: () => void }) {
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus(), []);
  return (
    <section className="duplicate-tab" aria-labelledby="duplicate-tab-heading">
      <h1 id="duplicate-tab-heading" className="duplicate-tab__title" ref={heading} tabIndex={-1}>
        {DUPLICATE_TAB_HEADING}
      </h1>
      <p className="duplicate-tab__text">
        You can be in this session in one tab at a time. Use it here to continue in this tab; the other tab
        will stop.
      </p>
      <Button size="lg" onClick={onUseHere} disabled={isBusy}>
        Use here
      </Button>
    </section>
  );
}
