import { SitePage } from "../features/account/SitePage";
import { useDocumentTitle } from "../lib/useDocumentTitle";
import "./pages.css";

export function PrivacyPolicyPage() {
  useDocumentTitle("Privacy policy");
  return (
    <SitePage>
      <article className="prose">
        <h1>Privacy policy</h1>
        <p>
          This site runs Onstage, self-hosted by its operator. This page explains what we keep about you and
          why.
        </p>
        <h2>What we collect</h2>
        <p>
          Your name, e-mail address and profile photo; the events you register for and your answers to their
          registration questions; what you post in chat, Q&amp;A and polls; and technical data such as your
          browser type needed to deliver live video.
        </p>
        <h2>How we use it</h2>
        <p>
          To run your account and the events you join, to let hosts see who registered for their events, and
          to send you sign-in links and event reminders. We do not sell your data.
        </p>
        <h2>Who sees it</h2>
        <p>
          The hosts and team of an event you register for see your name, e-mail and answers. Other attendees
          see your name and photo when you chat or come on stage. Payment details go straight to the payment
          provider and are never stored here.
        </p>
        <h2>Your choices</h2>
        <p>
          You can update your profile in your account settings, and ask the operator to export or delete your
          data at any time.
        </p>
      </article>
    </SitePage>
  );
}
