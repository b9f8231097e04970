import { RTMP_COPIED_STATE_MS } from "@onstage/domain";
import { useEffect, useState } from "react";
import { Button } from "../../ui/Button";
import { toast } from "../../ui/toast";

const FAILURE_TOAST_MS = 5_000;

/** Copies `text`; spec 2 §9: the button reads 'Copied' for RTMP_COPIED_STATE_MS afterwards. */
export function CopyButton({ text, what }: { text: string; what: string }) {
  const [copiedAt, setCopiedAt] = useState<number | null>(null);
  useEffect(() => {
    if (copiedAt === null) return;
    const timer = setTimeout(() => setCopiedAt(null), RTMP_COPIED_STATE_MS);
    return () => clearTimeout(timer);
  }, [copiedAt]);
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(text);
      setCopiedAt(Date.now());
    } catch {
      // No clipboard permission (or an insecure page): the field stays selectable by hand.
      toast.error(`The ${what} could not be copied: select it and copy it`, { durationMs: FAILURE_TOAST_MS });
    }
  };
  return (
    <>
      <Button variant="secondary" onClick={() => void copy()}>
        {/* The hidden words name what is copied without an aria-label, which would hide 'Copied'. */}
        {copiedAt === null ? "Copy" : "Copied"}
        <span className="visually-hidden"> {what}</span>
      </Button>
      {/* A changed button label is not announced; this is. */}
      <span className="visually-hidden" role="status">
        {copiedAt === null ? "" : `The ${what} was copied`}
      </span>
    </>
  );
}
