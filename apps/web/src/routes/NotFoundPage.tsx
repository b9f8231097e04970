import { SitePage } from "../features/account/SitePage";
import { useDocumentTitle } from "../lib/useDocumentTitle";
import { ButtonLink } from "../ui/Button";
import { EmptyState } from "../ui/EmptyState";

export function NotFoundPage() {
  useDocumentTitle("Page not found");
  return (
    <SitePage>
      <EmptyState title="Page not found" headingLevel={1} actions={<ButtonLink to="/">Explore</ButtonLink>}>
        <p>There is nothing at this address.</p>
      </EmptyState>
    </SitePage>
  );
}
