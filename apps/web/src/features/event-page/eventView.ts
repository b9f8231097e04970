import { type EventPageData, eventPageView, type VideoSessionSummary, viewerFlags } from "@onstage/domain";

export type EventView = "landing" | "room" | "not_found";

export function viewerFlagsFor(data: EventPageData, session: VideoSessionSummary | null) {
  const { userId, eventRole, orgRole, speakerSessionIds } = data.viewer;
  return viewerFlags({ userId, eventRole, orgRole, speakerSessionIds }, session?.id ?? null);
}

/**
 * Spec 1 §4: landing page, live room or not found; previewLandingPage=true forces the landing page and
 * ?replay (the landing page's 'watch replay' button) opens the room of a session that is over.
 */
export function decideEventView(
  data: EventPageData,
  session: VideoSessionSummary | null,
  options: { isPreview: boolean; wantsReplay: boolean },
): EventView {
  const { event, viewer } = data;
  const view = eventPageView({
    event: { deleted: event.deletedAt !== null, archived: event.archivedAt !== null, access: event.access },
    // A registered attendee holds the guest role record (spec 1 §3), so registration counts as a role.
    viewer: { ...viewerFlagsFor(data, session), hasRole: viewer.eventRole !== null || viewer.isRegistered },
    sessionState: session?.state ?? null,
    wantsReplay: options.wantsReplay,
  });
  return options.isPreview && view !== "not_found" ? "landing" : view;
}

/** The room's replay address when the viewer may watch it there, else null (the button registers). */
export function replayPath(data: EventPageData, session: VideoSessionSummary | null): string | null {
  if (!session || decideEventView(data, session, { isPreview: false, wantsReplay: true }) !== "room")
    return null;
  return `/c/${data.event.eventCode}/${session.urlHash}?replay`;
}
