import { type EventPageData, eventPageView, type VideoSessionSummary, viewerFlags } from "@onstage/domain";

export type EventView = "landing" | "room" | "not_found";

export function viewerFlagsFor(data: EventPageData, session: VideoSessionSummary | null) {
  const { userId, eventRole, orgRole, speakerSessionIds } = data.viewer;
  return viewerFlags({ userId, eventRole, orgRole, speakerSessionIds }, session?.id ?? null);
}

/** Spec 1 §4: landing page, live room or not found; previewLandingPage=true forces the landing page. */
export function decideEventView(
  data: EventPageData,
  session: VideoSessionSummary | null,
  isPreview: boolean,
): EventView {
  const { event, viewer } = data;
  const view = eventPageView({
    event: { deleted: event.deletedAt !== null, archived: event.archivedAt !== null, access: event.access },
    // A registered attendee holds the guest role record (spec 1 §3), so registration counts as a role.
    viewer: { ...viewerFlagsFor(data, session), hasRole: viewer.eventRole !== null || viewer.isRegistered },
    sessionState: session?.state ?? null,
  });
  return isPreview && view !== "not_found" ? "landing" : view;
}
