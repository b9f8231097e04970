import { Link } from "wouter";
import "./landing.css";

/** Spec 1 §2: previewLandingPage=true shows the landing page with a way back to the event page. */
export function PreviewBanner({ eventPath }: { eventPath: string }) {
  return (
    <div className="preview-banner">
      <p>You are previewing the landing page.</p>
      <Link to={eventPath}>Go to event page</Link>
    </div>
  );
}
