import type { CreateCheckoutSessionRequest, RegisterRequest } from "@onstage/domain";
import { useMutation } from "@tanstack/react-query";
import { forgetPendingCheckout, type PendingCheckout, savePendingCheckout } from "./pendingCheckout";
import { createCheckoutSession, registerForEvent } from "./registrationApi";
import { guardedRegistration } from "./registrationBlock";

export type Submission =
  | { kind: "register"; body: RegisterRequest }
  | { kind: "checkout"; body: CreateCheckoutSessionRequest; pending: PendingCheckout };

/**
 * Spec 1 §4, §7: a registration, or a card checkout whose `url` the browser follows; a checkout
 * without a url (a zero total) has registered already. Both run under the blocking cookie (spec 1 §5).
 */
export function useRegistrationSubmit(input: {
  eventId: number;
  onRegistered: () => void;
  onFailed: (error: unknown) => void;
}) {
  return useMutation({
    mutationFn: (submission: Submission) =>
      guardedRegistration(async () => {
        if (submission.kind === "register") {
          await registerForEvent(submission.body);
          return null;
        }
        const { url } = await createCheckoutSession(submission.body);
        if (url) savePendingCheckout(input.eventId, submission.pending);
        return url;
      }),
    onSuccess: (url) => {
      if (url) return window.location.assign(url);
      forgetPendingCheckout(input.eventId);
      input.onRegistered();
    },
    onError: input.onFailed,
  });
}
