import type { EventPageData } from "@onstage/domain";

/** Registered guests may leave the event; team roles are managed by the hosts instead. */
export function mayUnregister({ event, viewer }: EventPageData): boolean {
  const isGuest = viewer.eventRole === null || viewer.eventRole === "guest";
  return (
    !event.hideUnregister &&
    viewer.userId !== null &&
    viewer.isRegistered &&
    isGuest &&
    viewer.orgRole === null
  );
}
