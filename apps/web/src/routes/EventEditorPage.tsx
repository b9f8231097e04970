import { useParams } from "wouter";
import { SitePage } from "../features/account/SitePage";
import { DashNotFound, isId } from "../features/dashboard/DashNotFound";
import { EventEditor } from "../features/dashboard/editor/EventEditor";
import { SignedInOnly } from "../features/dashboard/SignedInOnly";
import { useDocumentTitle } from "../lib/useDocumentTitle";
import "../features/dashboard/dashboard.css";

/** /dash/events/:eventId: edit an event, its sessions, tickets, coupons and questions (issue 5 §1). */
export function EventEditorPage() {
  useDocumentTitle("Edit event");
  const eventId = Number(useParams().eventId);
  return (
    <SitePage>
      <SignedInOnly
        title="Edit event"
        prompt="Sign in to edit this event"
        explanation="The event editor is here once you are signed in."
      >
        {() => (isId(eventId) ? <EventEditor eventId={eventId} /> : <DashNotFound what="Event" />)}
      </SignedInOnly>
    </SitePage>
  );
}
