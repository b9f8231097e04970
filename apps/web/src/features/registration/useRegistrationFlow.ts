import {
  type CustomAnswers,
  checkoutRegistersDirectly,
  type EventPageData,
  errorMessage,
  holdsEventRole,
  missingRequiredFields,
  REQUIRED_QUESTION_TOAST_MS,
  type RegistrationDialogView,
  registrationGate,
} from "@onstage/domain";
import { useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { useLocation, useSearch, useSearchParams } from "wouter";
import { failureText, isApiError } from "../../api";
import { DEFAULT_TOAST_MS, toast } from "../../ui/toast";
import { accountKeys } from "../account/useMe";
import { eventKeys } from "../events/eventKeys";
import { metaPixelRegistrationCompleted } from "../meta-pixel/metaPixel";
import { initialOrder, type Order } from "./order";
import { readPendingCheckout } from "./pendingCheckout";
import { answerList } from "./questions/answerList";
import { hasAnswerProblems } from "./questions/answerProblem";
import { registrationSource } from "./registrationSource";
import { showSeatLimitToast } from "./seatLimitToast";
import { useCheckoutReturn } from "./useCheckoutReturn";
import { useCheckoutReturnEffect, useOnce, useRoleExistsClose } from "./useFlowEffects";
import { usePatronStatus } from "./usePatronStatus";
import { type Submission, useRegistrationSubmit } from "./useRegistrationSubmit";

/** What the dialog shows: a view of spec 1 §2, or a wait ('loading', 'closing' when a role is held). */
export type FlowView = Exclude<RegistrationDialogView, "sign-in"> | "loading" | "closing";

export interface RegistrationFlowOptions {
  data: EventPageData;
  userId: number | null;
  /** Signed in, and the event page data already speaks about this user. */
  isReady: boolean;
  /** Closes the dialog and keeps the page's address. */
  close: () => void;
}

/** The ticket part of a card checkout (spec 1 §7 create-checkout-session). */
export interface CheckoutOrder {
  ticket_id: number;
  quantity: number;
  ticket_cost?: number;
  coupon?: string;
  allowZeroDonation?: boolean;
}

type Phase = "form" | "registering" | "redirecting";

/** getRandomValues, unlike randomUUID, also works on plain-http self-hosted instances. */
function checkoutNonce(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return Array.from(bytes, (byte) => byte.toString(16).padStart(2, "0")).join("");
}

/** Spec 1 §8: the sign-in ended while registering (a 401): the person signs in again. */
export const REGISTRATION_AUTH_FAILED_TEXT =
  "Failed to get valid authentication token for event registration";

const isSeatLimit = (error: unknown) => isApiError(error, 409) && error.code === "limit_reached";

/** Spec 1 §4 "Registration dialog flow" after sign-in: gates, checkout, registering, close. */
export function useRegistrationFlow({ data, userId, isReady, close }: RegistrationFlowOptions) {
  const { event, customRegistrationFields: fields, tickets } = data;
  const queryClient = useQueryClient();
  const [, navigate] = useLocation();
  const search = useSearch();
  const [params] = useSearchParams();
  const checkoutReturn = useCheckoutReturn();
  // A checkout that left the page comes back to what it held (cancelled or invalid: the same order).
  const [pending] = useState(() => (checkoutReturn ? readPendingCheckout(event.id) : null));
  const [answers, setAnswers] = useState<CustomAnswers>(pending?.answers ?? {});
  const [answeredAtSignUp, setAnsweredAtSignUp] = useState(false);
  const [eventPassword, setEventPassword] = useState<string | null>(pending?.eventPassword ?? null);
  // Spec 1 §2: the coupon (or couponName, kept through e-mailed links) parameter fills the promo code.
  const [order, setOrder] = useState<Order>(
    () => pending?.order ?? initialOrder(tickets, params.get("coupon") ?? params.get("couponName") ?? ""),
  );
  const [phase, setPhase] = useState<Phase>(checkoutReturn?.status === "success" ? "registering" : "form");
  const [formError, setFormError] = useState<string | null>(null);
  const [missingIds, setMissingIds] = useState<number[]>([]);
  const patron = usePatronStatus(data, userId, isReady);
  const holdsRole = holdsEventRole(data.viewer);
  const gate = registrationGate({
    access: event.access,
    passwordProtected: event.passwordProtected,
    passwordAccepted: eventPassword !== null,
    isValidMember: patron.isValid,
  });

  const refetchEventPage = () =>
    queryClient.invalidateQueries({ queryKey: eventKeys.byCode(event.eventCode) });
  const registered = (afterCheckout: boolean) => {
    metaPixelRegistrationCompleted(event);
    toast.success("You're registered", {
      id: "registered",
      description: event.title,
      durationMs: DEFAULT_TOAST_MS,
    });
    void refetchEventPage();
    // Spec 1 §4: after a card checkout the URL is reset to /c/{event_code}.
    if (afterCheckout) navigate(`/c/${event.eventCode}`, { replace: true });
    else close();
  };
  const failed = (error: unknown) => {
    setPhase("form");
    if (isSeatLimit(error)) {
      showSeatLimitToast();
      void refetchEventPage();
      close();
      return;
    }
    const isSignedOut = isApiError(error, 401);
    const message = isSignedOut ? REGISTRATION_AUTH_FAILED_TEXT : failureText(error);
    // The page then shows the sign-in the registration needs.
    if (isSignedOut) void queryClient.invalidateQueries({ queryKey: accountKeys.me });
    setFormError(message);
    // Spec 1 §8: toast 'An error occured' with the server message on registration failure.
    toast.error("An error occured", {
      id: "registration-failed",
      description: message,
      durationMs: DEFAULT_TOAST_MS,
    });
  };
  const submit = useRegistrationSubmit({
    eventId: event.id,
    onRegistered: () => registered(false),
    onFailed: failed,
  });

  /** Spec 1 §5: required answers first ('in checkout' a 2 s warning toast), then answers the server refuses. */
  const refuseAnswers = (atCardCheckout: boolean): boolean => {
    const missing = missingRequiredFields(fields, answers);
    setMissingIds(missing);
    let refusal: string | null = null;
    if (missing.length > 0 && atCardCheckout) {
      toast.warning(errorMessage("unanswered_required_questions"), {
        id: "required-questions",
        durationMs: REQUIRED_QUESTION_TOAST_MS,
      });
    } else if (missing.length > 0) {
      refusal = errorMessage("required_questions");
    } else if (hasAnswerProblems(fields, answers, window.location.host)) {
      refusal = errorMessage("invalid_answer");
    }
    setFormError(refusal);
    return missing.length > 0 || refusal !== null;
  };
  const common = () => ({
    event_id: event.id,
    custom_registration_field_answers: answerList(fields, answers),
    event_password: eventPassword ?? undefined,
    ...registrationSource(search),
  });
  const start = (submission: Submission) => {
    setPhase(submission.kind === "register" ? "registering" : "redirecting");
    submit.mutate(submission);
  };
  const registerNow = (ticketId?: number) => {
    if (refuseAnswers(false)) return;
    start({ kind: "register", body: { ...common(), ticket_id: ticketId } });
  };
  const checkout = (checkoutOrder: CheckoutOrder) => {
    if (refuseAnswers(true)) return;
    const pendingNow = { answers: { ...answers }, eventPassword, order, search };
    // One nonce per press: a resent request reuses its checkout session, a new press makes a new one.
    const body = { ...common(), ...checkoutOrder, nonce: checkoutNonce() };
    start({ kind: "checkout", body, pending: pendingNow });
  };

  useRoleExistsClose({
    isActive: isReady && holdsRole && phase === "form" && checkoutReturn === null,
    close,
  });
  useCheckoutReturnEffect({
    data,
    isReady,
    checkoutReturn,
    pending,
    onStart: () => setPhase("registering"),
    onRegistered: () => registered(true),
    onFailed: (error) => {
      failed(error);
      // Spec 1 §4: back to ticket-options, at /c/{event_code} with the dialog open.
      if (!isSeatLimit(error)) navigate(`/c/${event.eventCode}?register=true`, { replace: true });
    },
  });

  const view: FlowView = (() => {
    if (phase === "registering") return "registering";
    if (phase === "redirecting") return "checkout";
    if (!isReady || checkoutReturn !== null || patron.isLoading) return "loading";
    if (holdsRole) return "closing";
    return gate;
  })();
  // Spec 1 §4: with nothing to ask, the checkout registers at once; once, so a failure stays on screen.
  const registersDirectly =
    gate === "checkout" && checkoutRegistersDirectly({ questionCount: fields.length, answeredAtSignUp });
  useOnce(view === "checkout" && registersDirectly, () => registerNow());

  return {
    view,
    isRedirecting: phase === "redirecting",
    fields,
    answers,
    missingIds,
    formError,
    order,
    patron,
    setOrder: (change: Partial<Order>) => {
      setOrder((current) => ({ ...current, ...change }));
      setFormError(null);
    },
    answer: (fieldId: number, value: string) => {
      setAnswers((current) => ({ ...current, [fieldId]: value }));
      setMissingIds((ids) => ids.filter((id) => id !== fieldId));
      setFormError(null);
    },
    /** Spec 1 §4 sign-up: the answers given on the sign-up screen count as the checkout's. */
    acceptSignUp: (signUpAnswers?: CustomAnswers) => {
      if (!signUpAnswers) return;
      setAnswers(signUpAnswers);
      setAnsweredAtSignUp(true);
    },
    acceptPassword: (password: string) => setEventPassword(password),
    registerNow,
    checkout,
  };
}

export type RegistrationFlow = ReturnType<typeof useRegistrationFlow>;
