import { errorMessage, STAGE_TOAST_MS } from "@onstage/domain";
import { toast } from "../../ui/toast";

/** Spec 2 §5: interacting needs a verified e-mail; otherwise this warning shows for 5 s. */
export function warnEmailNotVerified() {
  toast.warning(errorMessage("email_not_verified"), { durationMs: STAGE_TOAST_MS, id: "email-not-verified" });
}
