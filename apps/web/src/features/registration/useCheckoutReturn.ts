import { useSearchParams } from "wouter";

/** Spec 1 §2, §4: the card checkout comes back with ?checkout=success|cancelled and the session id. */
export function useCheckoutReturn() {
  const [params] = useSearchParams();
  const status = params.get("checkout");
  const sessionId = params.get("stripe_checkout_session_id");
  if (status === "success" && sessionId) return { status: "success", sessionId } as const;
  if (status === "cancelled" || status === "success")
    return { status: "cancelled", sessionId: null } as const;
  return null;
}

export type CheckoutReturn = NonNullable<ReturnType<typeof useCheckoutReturn>>;
