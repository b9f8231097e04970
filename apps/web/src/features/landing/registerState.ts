import {
  type EventPageData,
  isEventFull,
  landingAction,
  registerButtonLabel,
  spotsLeft,
  spotsLeftLabel,
  type VideoSessionSummary,
  type ViewerFlags,
} from "@onstage/domain";
import { replayPath } from "../event-page/eventView";

export interface RegisterState {
  /** The register button, or the registered panel with a join button while live (issue 10 §2.2). */
  action: "register" | "registered" | "join";
  label: string;
  /** The button refuses registration: the event is full and the viewer holds no spot yet. */
  isBlocked: boolean;
  /** '{n} spots left', or null when the event has no seat limit. */
  spotsLeftText: string | null;
  /** 'watch replay' leads here (the room's replay) instead of registering; null otherwise. */
  replayPath: string | null;
}

/** Spec 1 §4: ended and postevent drive the replay wording. */
export function allSessionsEnded(data: EventPageData): boolean {
  return (
    data.sessions.length > 0 && data.sessions.every((s) => s.state === "ended" || s.state === "postevent")
  );
}

export function registerState(
  data: EventPageData,
  session: VideoSessionSummary | null,
  flags: ViewerFlags,
): RegisterState {
  const { event, viewer, registeredCount } = data;
  const isRegisteredOrPaid = viewer.isRegistered || viewer.hasPaid;
  // Spec 1 §5: a user who may come on stage bypasses the seat limit.
  const isFull = isEventFull({
    seatLimit: event.seatLimit,
    registeredCount,
    mayComeOnStage: flags.canComeOnStage,
  });
  const spots = spotsLeft(event.seatLimit, registeredCount);
  const ended = allSessionsEnded(data);
  return {
    action: landingAction({
      isRegisteredOrPaid,
      allSessionsEnded: ended,
      sessionState: session?.state ?? null,
    }),
    isBlocked: isFull && !isRegisteredOrPaid,
    spotsLeftText: spots === null ? null : spotsLeftLabel(spots),
    replayPath: ended ? replayPath(data, session) : null,
    label: registerButtonLabel({
      customText: event.customRegisterButtonText,
      isFull,
      passwordProtected: event.passwordProtected,
      ticketed: event.access === "ticketed",
      allSessionsEnded: ended,
      isRegisteredOrPaid,
    }),
  };
}
