import { SitePage } from "../features/account/SitePage";
import { useMe } from "../features/account/useMe";
import { EmailSection } from "../features/account-settings/EmailSection";
import { PasswordSection } from "../features/account-settings/PasswordSection";
import { PhotoSection } from "../features/account-settings/PhotoSection";
import { ProfileSection } from "../features/account-settings/ProfileSection";
import { SignInMethodsSection } from "../features/account-settings/SignInMethodsSection";
import { useSignInParams } from "../features/auth/useSignInParams";
import { useDocumentTitle } from "../lib/useDocumentTitle";
import { Button } from "../ui/Button";
import { EmptyState } from "../ui/EmptyState";
import { Spinner } from "../ui/Spinner";
import "../features/account-settings/account-settings.css";

/** /account/settings: profile, photo, e-mail verification, password and sign-in methods. */
export function AccountSettingsPage() {
  useDocumentTitle("Account settings");
  const { user, isPending } = useMe();
  const signIn = useSignInParams();
  return (
    <SitePage>
      <h1>Account settings</h1>
      {isPending && <Spinner label="Loading your account…" />}
      {!isPending && !user && (
        <EmptyState
          title="Sign in to see your account settings"
          actions={<Button onClick={signIn.open}>Sign in</Button>}
        >
          <p>Your profile, email and password are here once you are signed in.</p>
        </EmptyState>
      )}
      {user && (
        // Keyed by user: signing in as someone else starts the forms afresh.
        <div className="settings" key={user.id}>
          <ProfileSection user={user} />
          <PhotoSection user={user} />
          <EmailSection user={user} />
          <PasswordSection user={user} />
          <SignInMethodsSection />
        </div>
      )}
    </SitePage>
  );
}
