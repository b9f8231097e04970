import { ARCHIVE_REDIRECT_DELAY_MS, EMAIL_VERIFIED_TOAST_MS, type EventDetails } from "@onstage/domain";
import { useEffect } from "react";
import { useNavigate } from "react-router";
import { DEFAULT_TOAST_MS, toast } from "../../ui/toast";
import type { EventView } from "./eventView";

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

/** Spec 1 §4: a deleted event sends everyone to /dash; an archived one sends non-members there after 6 s. */
export function useGoneEventRedirect(event: EventDetails | null, view: EventView | null) {
  const navigate = useNavigate();
  const isDeleted = event?.deletedAt != null;
  const isArchivedAndHidden = !isDeleted && event?.archivedAt != null && view === "not_found";
  useEffect(() => {
    if (isDeleted) {
      toast.message("This event was deleted", { id: "event-deleted", durationMs: DEFAULT_TOAST_MS });
      navigate("/dash", { replace: true });
      return;
    }
    if (!isArchivedAndHidden) return;
    toast.message("This event was archived", { id: "event-archived", durationMs: ARCHIVE_REDIRECT_DELAY_MS });
    const timer = window.setTimeout(() => navigate("/dash", { replace: true }), ARCHIVE_REDIRECT_DELAY_MS);
    return () => window.clearTimeout(timer);
  }, [isDeleted, isArchivedAndHidden, navigate]);
}
