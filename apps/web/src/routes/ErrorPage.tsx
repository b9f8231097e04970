import { ButtonLink } from "../ui/Button";
import { EmptyState } from "../ui/EmptyState";
import { PageLayout } from "../ui/PageLayout";

/** Shown when a page throws while rendering; it avoids data hooks so it cannot fail the same way. */
export function ErrorPage() {
  return (
    <PageLayout account={null}>
      <EmptyState
        title="Something went wrong"
        headingLevel={1}
        actions={<ButtonLink to="/">Explore</ButtonLink>}
      >
        <p>Please reload the page. If it keeps happening, try again later.</p>
      </EmptyState>
    </PageLayout>
  );
}
