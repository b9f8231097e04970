import { PAGE_ERROR_MESSAGES } from "@onstage/domain";
import { ButtonLink } from "../../ui/Button";
import { EmptyState } from "../../ui/EmptyState";

/** Spec 1 §2 "Event-not-found page"; its text is the error catalogue's event_not_found wording. */
export function EventNotFound({ isSignedIn }: { isSignedIn: boolean }) {
  return (
    <EmptyState
      title="Event not found"
      headingLevel={1}
      actions={
        <>
          <ButtonLink to="/">Explore</ButtonLink>
          {isSignedIn && (
            <ButtonLink to="/my-events" variant="secondary">
              View my dashboard
            </ButtonLink>
          )}
        </>
      }
    >
      <p>{PAGE_ERROR_MESSAGES.event_not_found}</p>
    </EmptyState>
  );
}
