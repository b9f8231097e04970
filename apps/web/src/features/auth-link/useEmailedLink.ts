import { type MeResponse, safeRedirect } from "@onstage/domain";
import { useMutation } from "@tanstack/react-query";
import { useEffect, useState } from "react";
import { useLocation } from "wouter";
import { fetchMe } from "../account/useMe";
import { confirmPasswordReset, verifyInvite, verifyLink } from "../auth/authApi";
import { useAuthChanged } from "../auth/useAuthChanged";
import { type EmailedLink, parseLinkFragment } from "./linkFragment";

type LinkAction =
  | { kind: "confirm" }
  | { kind: "reset"; password: string }
  | { kind: "invite"; firstName: string; lastName: string };

/**
 * The emailed link's token, read once from the fragment, and the one request that spends it. Nothing is
 * sent on load: mail scanners open links, so only the visitor's click confirms.
 */
export function useEmailedLink() {
  const [link] = useState<EmailedLink | null>(() => parseLinkFragment(window.location.hash));
  const [, navigate] = useLocation();
  const authChanged = useAuthChanged();

  useEffect(() => {
    if (window.location.hash === "") return;
    // Out of the address bar (and so out of history, bookmarks and screenshots) once read.
    window.history.replaceState(window.history.state, "", window.location.pathname + window.location.search);
  }, []);

  const spend = useMutation({
    mutationFn: async (action: LinkAction): Promise<{ path: string; me: MeResponse }> => ({
      path: await spendLink(action),
      // The page it leads to shows the viewer as they are now (no 'verify your email' banner after
      // 'Email verified').
      me: await fetchMe(),
    }),
    onSuccess: ({ path, me }) => {
      authChanged(me);
      navigate(path, { replace: true });
    },
  });

  async function spendLink(action: LinkAction): Promise<string> {
    if (!link) throw new Error("No link");
    if (action.kind === "invite") {
      await verifyInvite({ token: link.token, firstName: action.firstName, lastName: action.lastName });
      // A team invitation leads to the dashboard, which now lists the channel; a speaker's link names
      // My events, where the event and its greenrooms are.
      return safeRedirect(link.redirectTo, "/dash");
    }
    const answer =
      action.kind === "reset"
        ? await confirmPasswordReset({ token: link.token, password: action.password })
        : await verifyLink(link.token);
    return safeRedirect(answer.redirectTo);
  }

  return { link, spend };
}
