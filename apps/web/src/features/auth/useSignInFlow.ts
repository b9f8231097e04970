import {
  type AdditionalQueryStrings,
  type CustomAnswers,
  PASSWORD_MARKER_VALIDITY_MS,
} from "@onstage/domain";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { failureText } from "../../api";
import { DEFAULT_TOAST_MS, toast } from "../../ui/toast";
import { useProfileChanged } from "../account/useProfileChanged";
import { acceptTerms, lookupAccount, requestPasswordReset, sendMagicLink, signIn, signUp } from "./authApi";
import { authKeys } from "./authKeys";
import { useAuthChanged } from "./useAuthChanged";

/** Spec 1 §4 "Registration dialog flow": the sign-in views and what moves between them. */
export type SignInView =
  | { name: "email"; email: string }
  | { name: "password"; email: string; firstName: string | null }
  | { name: "check_email"; email: string; sent: "login" | "reset"; isResent: boolean }
  | { name: "sign_up"; email: string }
  | { name: "terms" };

export interface SignUpForm {
  email: string;
  firstName: string;
  lastName: string;
  /** Empty: the account signs in with e-mailed links, and a verification mail is sent. */
  password: string;
}

export interface SignInFlowOptions {
  initialView: "email" | "terms";
  /** Spec 1 §7 additionalQueryStrings: e-mailed links come back to where the visitor started. */
  linkQuery: AdditionalQueryStrings;
  /** Sign-up hands over the answers to the event's questions given on its screen (spec 1 §2, §4). */
  onSignedIn: (signUpAnswers?: CustomAnswers) => void;
}

export function useSignInFlow({ initialView, linkQuery, onSignedIn }: SignInFlowOptions) {
  const queryClient = useQueryClient();
  const authChanged = useAuthChanged();
  const profileChanged = useProfileChanged();
  const [view, setView] = useState<SignInView>(
    initialView === "terms" ? { name: "terms" } : { name: "email", email: "" },
  );
  const action = useMutation({ mutationFn: (work: () => Promise<void>) => work() });
  const run = (work: () => Promise<void>) => action.mutate(work);

  const sendLink = async (email: string, sent: "login" | "reset", isResent = false) => {
    if (sent === "login") {
      await sendMagicLink({ email, user_action: "login", additionalQueryStrings: linkQuery });
    } else {
      await requestPasswordReset({ email, redirectTo: linkQuery.redirectTo, hasPassword: true });
    }
    setView({ name: "check_email", email, sent, isResent });
  };

  return {
    view,
    isBusy: action.isPending,
    error: action.error ? failureText(action.error) : null,
    clearError: action.reset,
    changeEmail: () => {
      action.reset();
      setView({ name: "email", email: "email" in view ? view.email : "" });
    },
    continueWithEmail: (email: string) =>
      run(async () => {
        // Spec 1 §9: the userHasSetPassword marker stays valid for 5 minutes.
        const account = await queryClient.fetchQuery({
          queryKey: authKeys.lookup(email),
          queryFn: () => lookupAccount(email),
          staleTime: PASSWORD_MARKER_VALIDITY_MS,
        });
        if (!account.accountExists) return setView({ name: "sign_up", email });
        if (account.userHasSetPassword) {
          return setView({ name: "password", email, firstName: account.firstName });
        }
        await sendLink(email, "login");
      }),
    signIn: (email: string, password: string) =>
      run(async () => {
        authChanged(await signIn({ email, password }));
        onSignedIn();
      }),
    sendLoginLink: (email: string) => run(() => sendLink(email, "login")),
    resetPassword: (email: string) => run(() => sendLink(email, "reset")),
    resend: (email: string, sent: "login" | "reset") => run(() => sendLink(email, sent, true)),
    signUp: (form: SignUpForm, answers?: CustomAnswers) =>
      run(async () => {
        const password = form.password === "" ? undefined : form.password;
        const me = await signUp({ ...form, password, tosAccepted: true, additionalQueryStrings: linkQuery });
        authChanged(me);
        // The server mails a confirmation link with every sign-up; until it is used the e-mail is unverified.
        if (me.user && !me.user.emailVerified) {
          toast.info("Check your email to verify your address", {
            id: "verify-sent",
            durationMs: DEFAULT_TOAST_MS,
          });
        }
        onSignedIn(answers);
      }),
    acceptTerms: () =>
      run(async () => {
        profileChanged(await acceptTerms());
        onSignedIn();
      }),
  };
}

export type SignInFlow = ReturnType<typeof useSignInFlow>;
