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

/** The server's sign-in links work once and expire after this long (its mail says the same). */
const LOGIN_LINK_VALIDITY_MINUTES = 10;

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
      <h3 className="sign-in__heading">Check your email</h3>
      <p className="sign-in__text">
        {sent === "login"
          ? `We sent a sign-in link to ${email}. It works once and expires in ${LOGIN_LINK_VALIDITY_MINUTES} minutes.`
          : `We sent a password reset link to ${email}. It works once.`}
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
