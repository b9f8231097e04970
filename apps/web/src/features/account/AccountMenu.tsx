import type { CurrentUser } from "@onstage/domain";
import { Link } from "wouter";
import { usePageLocation } from "../../routing/usePageLocation";
import { loadSignInDialog } from "../auth/SignInDialogHost";
import { signInPath } from "../auth/signInParams";
import { UserMenu } from "./UserMenu";

export function AccountMenu({ user, isPending }: { user: CurrentUser | null; isPending: boolean }) {
  const location = usePageLocation();
  // Nothing while /api/me answers, so a signed-in user never sees "Sign in" flash.
  if (isPending) return null;
  if (!user) {
    // Starting the download on hover or focus makes the dialog open at once on the click.
    const prefetch = () => void loadSignInDialog();
    return (
      <Link to={signInPath(location)} onPointerEnter={prefetch} onFocus={prefetch}>
        Sign in
      </Link>
    );
  }
  return <UserMenu user={user} />;
}
