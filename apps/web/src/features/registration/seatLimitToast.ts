import { PAGE_ERROR_MESSAGES, SEAT_LIMIT_TOAST_MS } from "@onstage/domain";
import { toast } from "../../ui/toast";

/** Spec 1 §5: 'event registration limit reached' (10 s), from the full button or the server's 409. */
export function showSeatLimitToast() {
  toast.warning(PAGE_ERROR_MESSAGES.limit_reached, { id: "seat-limit", durationMs: SEAT_LIMIT_TOAST_MS });
}
