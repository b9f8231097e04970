import { SIGN_IN_LINK_TTL_MINUTES } from "@onstage/domain";
import { Button } from "../../ui/Button";
import { FormError } from "../../ui/FormError";

export interface CheckEmailStepProps {
  email: string;
  sent: "login" | "reset";
  isResent: boolean;
  isBusy: boolean;
  error: string | null;
  onResend: () => void;
  onDifferentEmail: () => void;
}

/** The server's e-mailed links work once and expire after this long (its mails say the same). */

export function CheckEmailStep({
  email,
  sent,
  isResent,
  isBusy,
  error,
  onResend,
  onDifferentEmail,
}: CheckEmailStepProps) {
  return (
    <div className="sign-in__step">
      <h3 className="sign-in__heading" tabIndex={-1} data-autofocus>
        Check your email
      </h3>
      <p className="sign-in__text">
        {`We sent a ${sent === "login" ? "sign-in" : "password reset"} link to ${email}. `}
        {`It works once and expires in ${SIGN_IN_LINK_TTL_MINUTES} minutes.`}
      </p>
      <p className="sign-in__status" role="status">
        {isResent ? "We sent a new link." : ""}
      </p>
      <div className="sign-in__actions">
        <Button variant="secondary" disabled={isBusy} onClick={onResend}>
          Resend
        </Button>
        <Button variant="ghost" onClick={onDifferentEmail}>
          Use a different email
        </Button>
      </div>
      <FormError message={error} />
    </div>
  );
}
