import type { CurrentUser } from "@onstage/domain";
import type { ReactNode } from "react";
import { Button } from "../../ui/Button";
import { EmptyState } from "../../ui/EmptyState";
import { Spinner } from "../../ui/Spinner";
import { useMe } from "../account/useMe";
import { useSignInParams } from "../auth/useSignInParams";

export interface SignedInOnlyProps {
  /** The page's h1 while it waits or asks to sign in; the signed-in content has its own. */
  title: string;
  /** 'Sign in to see your dashboard'. */
  prompt: string;
  explanation: string;
  children: (user: CurrentUser) => ReactNode;
}

/** Host pages are for signed-in users; others get a button that opens the sign-in dialog here. */
export function SignedInOnly({ title, prompt, explanation, children }: SignedInOnlyProps) {
  const { user, isPending } = useMe();
  const signIn = useSignInParams();
  if (isPending || !user) {
    return (
      <>
        <h1>{title}</h1>
        {isPending ? (
          <Spinner label="Loading your account…" />
        ) : (
          <EmptyState title={prompt} actions={<Button onClick={signIn.open}>Sign in</Button>}>
            <p>{explanation}</p>
          </EmptyState>
        )}
      </>
    );
  }
  // Keyed by user: signing in as someone else starts the page afresh.
  return <div key={user.id}>{children(user)}</div>;
}
