import { useEffect } from "react";
import { apiNoContent, jsonBody } from "../../api";
import { registrationSource } from "../registration/registrationSource";

/**
 * Spec 1 §7 'view-event-page-next-page': once per event shown, with the link's utm fields and clip, so
 * the team sees page views beside registrations by source (issue 28 §2). Counting never bothers the visitor.
 */
export function useRecordPageView(eventId: number | null): void {
  useEffect(() => {
    if (eventId === null) return;
    const source = registrationSource(window.location.search);
    apiNoContent(`/api/events/${eventId}/page-views`, jsonBody(source)).catch(() => {});
  }, [eventId]);
}
