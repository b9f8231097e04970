import { type EventPageData, errorMessage, ROLE_EXISTS_DIALOG_CLOSE_MS } from "@onstage/domain";
import { useMutation } from "@tanstack/react-query";
import { useEffect, useEffectEvent, useRef } from "react";
import { useLocation } from "wouter";
import { ApiError } from "../../api";
import { forgetPendingCheckout, type PendingCheckout } from "./pendingCheckout";
import { answerList } from "./questions/answerList";
import { registerForEvent, validateCheckoutSession } from "./registrationApi";
import { registrationSource } from "./registrationSource";
import type { CheckoutReturn } from "./useCheckoutReturn";

/** Spec 1 §4, §9: "If the user already holds a role on the event, the dialog closes after 0.5 s." */
export function useRoleExistsClose({ isActive, close }: { isActive: boolean; close: () => void }) {
  const onElapsed = useEffectEvent(close);
  useEffect(() => {
    if (!isActive) return;
    const timer = window.setTimeout(() => onElapsed(), ROLE_EXISTS_DIALOG_CLOSE_MS);
    return () => window.clearTimeout(timer);
  }, [isActive]);
}

/** Spec 1 §4: once is enough even when React runs effects twice. */
export function useOnce(isDue: boolean, run: () => void) {
  const hasRun = useRef(false);
  const onDue = useEffectEvent(run);
  useEffect(() => {
    if (!isDue || hasRun.current) return;
    hasRun.current = true;
    onDue();
  }, [isDue]);
}

/**
 * Spec 1 §4: "A paid ticket goes to a card-provider checkout page and returns with the checkout and
 * session-id parameters; the session is validated; if invalid, the dialog returns to ticket-options."
 * A valid session registers with the answers and password kept from before the checkout (the server
 * checks them again); a cancelled checkout returns to ticket-options.
 */
export function useCheckoutReturnEffect(input: {
  data: EventPageData;
  isReady: boolean;
  checkoutReturn: CheckoutReturn | null;
  pending: PendingCheckout | null;
  onStart: () => void;
  onRegistered: () => void;
  onFailed: (error: unknown) => void;
}) {
  const { data, pending } = input;
  const { event } = data;
  const [, navigate] = useLocation();
  const confirm = useMutation({
    mutationFn: async (sessionId: string) => {
      const { is_valid } = await validateCheckoutSession({
        event_id: event.id,
        stripe_checkout_session_id: sessionId,
        org_id: event.organization.id,
      });
      if (!is_valid)
        throw new ApiError(409, "checkout_session_invalid", errorMessage("checkout_session_invalid"));
      await registerForEvent({
        event_id: event.id,
        stripe_checkout_session_id: sessionId,
        custom_registration_field_answers: answerList(data.customRegistrationFields, pending?.answers ?? {}),
        event_password: pending?.eventPassword ?? undefined,
        ...registrationSource(pending?.search ?? ""),
      });
    },
    onSuccess: () => {
      forgetPendingCheckout(event.id);
      input.onRegistered();
    },
    onError: input.onFailed,
  });
  const checkoutReturn = input.checkoutReturn;
  useOnce(input.isReady && checkoutReturn !== null, () => {
    if (checkoutReturn?.status !== "success") {
      navigate(`/c/${event.eventCode}?register=true`, { replace: true });
      return;
    }
    input.onStart();
    confirm.mutate(checkoutReturn.sessionId);
  });
}
