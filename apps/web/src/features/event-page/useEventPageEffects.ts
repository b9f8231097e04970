import { ARCHIVE_REDIRECT_DELAY_MS, EMAIL_VERIFIED_TOAST_MS, PAGE_ERROR_MESSAGES } from "@onstage/domain";
import { useEffect } from "react";
import { useLocation } from "wouter";
import { DEFAULT_TOAST_MS, toast } from "../../ui/toast";

/** Spec 1 §2: emailVerified=true greets the user back from the verification link. */
export function useEmailVerifiedToast(isEmailVerified: boolean) {
  useEffect(() => {
    if (!isEmailVerified) return;
    toast.success("Email verified", {
      id: "email-verified",
      description: "You can now interact in the event",
      durationMs: EMAIL_VERIFIED_TOAST_MS,
    });
  }, [isEmailVerified]);
}

/**
 * Spec 1 §4: a deleted event sends everyone to /dash; an archived one sends non-members there after 6 s.
 * The server answers 404 with `event_deleted` or `event_archived` (only to those who may not see it).
 */
export function useGoneEventRedirect(errorCode: string | null) {
  const [, navigate] = useLocation();
  useEffect(() => {
    if (errorCode === "event_deleted") {
      toast.message(PAGE_ERROR_MESSAGES[errorCode], { id: "event-deleted", durationMs: DEFAULT_TOAST_MS });
      navigate("/dash", { replace: true });
      return;
    }
    if (errorCode !== "event_archived") return;
    toast.message(PAGE_ERROR_MESSAGES[errorCode], {
      id: "event-archived",
      durationMs: ARCHIVE_REDIRECT_DELAY_MS,
    });
    const timer = window.setTimeout(() => navigate("/dash", { replace: true }), ARCHIVE_REDIRECT_DELAY_MS);
    return () => window.clearTimeout(timer);
  }, [errorCode, navigate]);
}
