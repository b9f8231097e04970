import { Link } from "wouter";
import { EmptyState } from "../../ui/EmptyState";

export const isId = (n: number) => Number.isSafeInteger(n) && n > 0;

/** A dashboard address whose channel or event the user cannot manage, or that does not exist. */
export function DashNotFound({ what, message }: { what: "Event" | "Channel"; message?: string }) {
  return (
    <EmptyState title={`${what} not found`} headingLevel={1}>
      <p>
        {message ?? `This ${what.toLowerCase()} does not exist, or you cannot manage it.`}{" "}
        <Link to="/dash">Back to the dashboard</Link>
      </p>
    </EmptyState>
  );
}
