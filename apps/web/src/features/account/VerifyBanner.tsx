import type { CurrentUser } from "@onstage/domain";
import { Link } from "wouter";

/** Spec 1 §2: a signed-in user whose e-mail is not verified may watch but not interact. */
export function VerifyBanner({ user }: { user: CurrentUser | null }) {
  if (!user || user.emailVerified) return null;
  return (
    <aside className="verify-banner" aria-label="Email verification">
      <Link to="/account/settings" className="verify-banner__link">
        Please verify your email to interact
      </Link>
    </aside>
  );
}
