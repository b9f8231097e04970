import { errorMessage } from "@onstage/domain";
import { Link } from "wouter";

/** Spec 2 §5: the prompt under an input that waits for a verified e-mail, linking to where to verify. */
export function VerifyEmailPrompt({ id, className }: { id: string; className: string }) {
  return (
    <p id={id} className={className}>
      <Link to="/account/settings">{errorMessage("email_not_verified")}</Link>
    </p>
  );
}
