import type { CurrentUser } from "@onstage/domain";
import { Link, useLocation } from "react-router";
import { signInPath } from "../auth/signInParams";
import { UserMenu } from "./UserMenu";

export function AccountMenu({ user, isPending }: { user: CurrentUser | null; isPending: boolean }) {
  const location = useLocation();
  // Nothing while /api/me answers, so a signed-in user never sees "Sign in" flash.
  if (isPending) return null;
  if (!user) return <Link to={signInPath(location)}>Sign in</Link>;
  return <UserMenu user={user} />;
}
