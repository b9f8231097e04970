import type { ReactNode } from "react";
import { PageLayout, type PageLayoutProps } from "../../ui/PageLayout";
import { AccountMenu } from "./AccountMenu";
import { useMe } from "./useMe";
import "./account.css";

type SitePageProps = Omit<PageLayoutProps, "account"> & { children: ReactNode };

/** The page frame every route uses: the shared layout with the visitor's account in the header. */
export function SitePage(props: SitePageProps) {
  const { user, isPending } = useMe();
  return <PageLayout account={<AccountMenu user={user} isPending={isPending} />} {...props} />;
}
