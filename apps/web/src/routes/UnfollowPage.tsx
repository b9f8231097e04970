import { useMutation } from "@tanstack/react-query";
import { useEffect, useRef } from "react";
import { useSearchParams } from "wouter";
import { failureText } from "../api";
import { SitePage } from "../features/account/SitePage";
import { unfollowByLink } from "../features/followers/followersTeamApi";
import { useDocumentTitle } from "../lib/useDocumentTitle";
import { ButtonLink } from "../ui/Button";
import { EmptyState } from "../ui/EmptyState";
import { Spinner } from "../ui/Spinner";

/**
 * /unfollow?token=: a go-live mail's unfollow link (issue 28 §3). Opening it ends the follow at once, no
 * sign-in (the token is signed for that follow); opening it again says so.
 */
export function UnfollowPage() {
  useDocumentTitle("Unfollow");
  const [params] = useSearchParams();
  const token = params.get("token") ?? "";
  const unfollow = useMutation({ mutationFn: unfollowByLink });
  // Once per page, whatever React's development double effects do.
  const sent = useRef(false);
  useEffect(() => {
    if (sent.current || !token) return;
    sent.current = true;
    unfollow.mutate(token);
  }, [token, unfollow]);

  const explore = <ButtonLink to="/">Explore</ButtonLink>;
  return (
    <SitePage>
      {!token ? (
        <EmptyState title="Unfollow" headingLevel={1} actions={explore}>
          <p>This link has no token: open the link from the mail as it is.</p>
        </EmptyState>
      ) : unfollow.isError ? (
        <EmptyState title="Unfollow" headingLevel={1} actions={explore}>
          <p role="alert">{failureText(unfollow.error)}</p>
        </EmptyState>
      ) : unfollow.data ? (
        <EmptyState
          title={
            unfollow.data.outcome === "unfollowed"
              ? `You no longer follow ${unfollow.data.channelName}`
              : `You do not follow ${unfollow.data.channelName}`
          }
          headingLevel={1}
          actions={explore}
        >
          <p role="status">
            {unfollow.data.outcome === "unfollowed"
              ? "You will not get its go-live mails any more. Follow it again from its page at any time."
              : "This link was used already: you get no go-live mails from this channel."}
          </p>
        </EmptyState>
      ) : (
        <Spinner label="Unfollowing…" />
      )}
    </SitePage>
  );
}
