import type { CurrentUser } from "@onstage/domain";
import { failureText } from "../../api";
import { Badge } from "../../ui/Badge";
import { Button } from "../../ui/Button";
import { FormError } from "../../ui/FormError";
import { SavedNote, SettingsSection } from "./SettingsSection";
import { useResendVerification } from "./useAccountSettings";

/** Spec 1 §2: the target of 'Please verify your email to interact'. */
export function EmailSection({ user }: { user: CurrentUser }) {
  const resend = useResendVerification(user);
  return (
    <SettingsSection title="Email">
      <p className="settings-email">
        <span>{user.email}</span>
        {user.emailVerified ? (
          <Badge tone="success">Verified</Badge>
        ) : (
          <Badge tone="warning">Not verified</Badge>
        )}
      </p>
      {!user.emailVerified && (
        <>
          <Button variant="secondary" disabled={resend.isPending} onClick={() => resend.mutate()}>
            Resend verification email
          </Button>
          <FormError message={resend.error ? failureText(resend.error) : null} />
          <SavedNote text={resend.isSuccess ? `We sent a verification link to ${user.email}.` : null} />
        </>
      )}
    </SettingsSection>
  );
}
