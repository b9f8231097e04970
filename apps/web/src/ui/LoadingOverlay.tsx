import "./Spinner.css";
import "./LoadingOverlay.css";

/** Over the page while a dialog's code loads (a slow phone): the click was heard. */
export function LoadingOverlay({ label = "Loading…" }: { label?: string }) {
  return (
    <div className="loading-overlay" role="status" aria-live="polite">
      <span className="spinner__circle" aria-hidden="true" />
      <span className="visually-hidden">{label}</span>
    </div>
  );
}
