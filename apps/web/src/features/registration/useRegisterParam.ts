import { useSearchParams } from "wouter";
import { withoutSignInParams } from "../auth/signInParams";

/** The checkout's return parameters (spec 1 §2) open the dialog too, to confirm the registration. */
const CHECKOUT_PARAMS = ["checkout", "stripe_checkout_session_id"] as const;

/**
 * Spec 1 §2: ?register=true opens the registration dialog. Keeping it in the address brings the visitor
 * back into the dialog from an e-mailed link or a social sign-in, which return to the same address.
 */
export function useRegisterParam() {
  const [params, setParams] = useSearchParams();
  const setOpen = (open: boolean) => {
    const next = withoutSignInParams(params.toString());
    for (const name of CHECKOUT_PARAMS) next.delete(name);
    if (open) next.set("register", "true");
    else next.delete("register");
    setParams(next, { replace: !open });
  };
  return { isOpen: params.get("register") === "true" || params.has("checkout"), setOpen };
}
