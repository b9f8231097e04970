import type { CurrentUser } from "@onstage/domain";
import { Link } from "react-router";
import { Avatar } from "../../ui/Avatar";

export function AccountMenu({ user, isPending }: { user: CurrentUser | null; isPending: boolean }) {
  // Nothing while /api/me answers, so a signed-in user never sees "Sign in" flash.
  if (isPending) return null;
  if (!user) return <Link to="/?sign_in=true">Sign in</Link>;
  const name = `${user.firstName} ${user.lastName}`.trim() || user.email;
  return (
    <Link to="/my-events" className="account-menu">
      <Avatar name={name} src={user.profilePhoto} size="sm" />
      <span>{name}</span>
    </Link>
  );
}
