import {
  type AdditionalQueryStrings,
  type CustomAnswers,
  type CustomRegistrationField,
  type SocialProvider,
  signUpButtonLabel,
} from "@onstage/domain";
import { useEffect, useRef } from "react";
import { usePageLocation } from "../../routing/usePageLocation";
import { FormError } from "../../ui/FormError";
import { socialStartUrl } from "./authApi";
import { CheckEmailStep } from "./CheckEmailStep";
import { EmailStep } from "./EmailStep";
import { PasswordStep } from "./PasswordStep";
import { SignUpStep } from "./SignUpStep";
import { SocialButtons } from "./SocialButtons";
import { returnPath } from "./signInParams";
import { TermsStep } from "./TermsStep";
import { useProviders } from "./useProviders";
import { type SignInFlow as Flow, useSignInFlow } from "./useSignInFlow";
import { useSignInParams } from "./useSignInParams";
import "./auth.css";

export interface SignInFlowProps {
  /** In the registration dialog the flow goes on to register for the event (spec 1 §4). */
  eventId?: number;
  /** The sign-up button's words: what comes next (domain `signUpButtonLabel`); 'Sign up' by default. */
  signUpLabel?: string;
  initialView?: "email" | "terms";
  /** Sign-up passes on the answers to `fields`, the event's custom registration questions. */
  onSignedIn?: (signUpAnswers?: CustomAnswers) => void;
  fields?: readonly CustomRegistrationField[];
}

/** A new view moves focus to its marked heading or field, rather than leaving it on a removed button. */
function useFocusOnViewChange(viewName: string) {
  const rootRef = useRef<HTMLDivElement>(null);
  const shownRef = useRef(viewName);
  useEffect(() => {
    if (shownRef.current === viewName) return;
    shownRef.current = viewName;
    rootRef.current?.querySelector<HTMLElement>("[data-autofocus]")?.focus();
  }, [viewName]);
  return rootRef;
}

/** Spec 1 §2 "Registration dialog views": sign-in, then password, e-mailed link, sign-up or terms. */
export function SignInFlow({
  eventId,
  signUpLabel = signUpButtonLabel(null),
  initialView = "email",
  onSignedIn = () => {},
  fields,
}: SignInFlowProps) {
  const redirectTo = returnPath(usePageLocation());
  const linkQuery: AdditionalQueryStrings =
    eventId === undefined ? { redirectTo } : { redirectTo, register: "true", eventId };
  const flow = useSignInFlow({ initialView, linkQuery, onSignedIn });
  const rootRef = useFocusOnViewChange(flow.view.name);
  return (
    <div ref={rootRef} className="sign-in">
      <SignInView
        flow={flow}
        submitLabel={signUpLabel}
        fields={fields}
        onSocial={(provider) => window.location.assign(socialStartUrl(provider, redirectTo))}
      />
    </div>
  );
}

interface SignInViewProps {
  flow: Flow;
  submitLabel: string;
  fields: readonly CustomRegistrationField[] | undefined;
  onSocial: (provider: SocialProvider) => void;
}

function SignInView({ flow, submitLabel, fields, onSocial }: SignInViewProps) {
  const { view, isBusy, error } = flow;
  const { socialError } = useSignInParams();
  const providers = useProviders();
  switch (view.name) {
    case "email":
      return (
        <>
          <EmailStep
            initialEmail={view.email}
            isBusy={isBusy}
            error={error}
            onEdit={flow.clearError}
            onContinue={flow.continueWithEmail}
          />
          <SocialButtons providers={providers} disabled={isBusy} onSelect={onSocial} />
          <FormError message={socialError} />
        </>
      );
    case "password":
      return (
        <PasswordStep
          email={view.email}
          firstName={view.firstName}
          isBusy={isBusy}
          error={error}
          onEdit={flow.clearError}
          onSignIn={(password) => flow.signIn(view.email, password)}
          onForgotPassword={() => flow.resetPassword(view.email)}
          onEmailLink={() => flow.sendLoginLink(view.email)}
          onDifferentEmail={flow.changeEmail}
        />
      );
    case "check_email":
      return (
        <CheckEmailStep
          email={view.email}
          sent={view.sent}
          isResent={view.isResent}
          isBusy={isBusy}
          error={error}
          onResend={() => flow.resend(view.email, view.sent)}
          onDifferentEmail={flow.changeEmail}
        />
      );
    case "sign_up":
      return (
        <SignUpStep
          initialEmail={view.email}
          submitLabel={submitLabel}
          isBusy={isBusy}
          error={error}
          onEdit={flow.clearError}
          onSignUp={flow.signUp}
          fields={fields}
        />
      );
    case "terms":
      return (
        <TermsStep submitLabel={submitLabel} isBusy={isBusy} error={error} onAccept={flow.acceptTerms} />
      );
  }
}
