import type { EventViewer } from "@onstage/domain";

/**
 * Spec 1 §4: who sees the room depends on the session's state, so the landing follows the session live
 * for the people the room could admit (registered, or the team). Nobody else loads the realtime client.
 */
export function followsSessionState(viewer: EventViewer): boolean {
  const mayBeAdmitted = viewer.isRegistered || viewer.eventRole !== null || viewer.orgRole !== null;
  return mayBeAdmitted && !viewer.isBanned;
}
