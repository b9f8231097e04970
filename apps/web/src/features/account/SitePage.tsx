import type { ReactNode } from "react";
import { PageLayout, type PageLayoutProps } from "../../ui/PageLayout";
import { SignInDialogHost } from "../auth/SignInDialogHost";
import { AccountMenu } from "./AccountMenu";
import { useMe } from "./useMe";
import { VerifyBanner } from "./VerifyBanner";
import "./account.css";

type SitePageProps = Omit<PageLayoutProps, "account" | "banner"> & {
  children: ReactNode;
  /** False where another dialog owns sign-in (the registration dialog, spec 1 §4). */
  withSignInDialog?: boolean;
};

/** The page frame every route uses: the shared layout with the visitor's account in the header. */
export function SitePage({ withSignInDialog = true, ...props }: SitePageProps) {
  const { user, isPending } = useMe();
  return (
    <>
      <PageLayout
        account={<AccountMenu user={user} isPending={isPending} />}
        banner={<VerifyBanner user={user} />}
        {...props}
      />
      {withSignInDialog && <SignInDialogHost />}
    </>
  );
}
