import { SitePage } from "../features/account/SitePage";
import { useDocumentTitle } from "../lib/useDocumentTitle";
import "./pages.css";

export function TermsOfServicePage() {
  useDocumentTitle("Terms of service");
  return (
    <SitePage>
      <article className="prose">
        <h1>Terms of service</h1>
        <p>
          These terms apply to everyone who uses this Onstage site, whether you host events or attend them. By
          creating an account or registering for an event you accept them.
        </p>
        <h2>Your account</h2>
        <p>
          Keep your sign-in details to yourself and tell the site operator if you think someone else has used
          your account. You are responsible for what happens under it.
        </p>
        <h2>Events and content</h2>
        <p>
          Hosts are responsible for their events, the tickets they sell and what they show on stage. Attendees
          must not disrupt events, post unlawful or abusive content, or record and redistribute events without
          the host's permission. Hosts and moderators may remove or ban people who break these rules.
        </p>
        <h2>Payments</h2>
        <p>
          Ticket sales are agreements between the attendee and the host. Refunds follow the host's policy
          unless the law gives you more rights.
        </p>
        <h2>Changes and termination</h2>
        <p>
          The operator may update these terms and will show the date of the latest change here. Accounts that
          break the terms may be suspended.
        </p>
      </article>
    </SitePage>
  );
}
