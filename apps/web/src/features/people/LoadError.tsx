import { Button } from "../../ui/Button";

/** Spec 2 §8: the people panel shows 'An error occurred' with a Retry button. */
export function LoadError({ onRetry }: { onRetry: () => void }) {
  return (
    <div className="people__error" role="alert">
      <p>An error occurred</p>
      <Button size="sm" variant="secondary" onClick={onRetry}>
        Retry
      </Button>
    </div>
  );
}
