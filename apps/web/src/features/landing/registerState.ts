import {
  type EventPageData,
  isEventFull,
  registerButtonLabel,
  spotsLeft,
  spotsLeftLabel,
  type ViewerFlags,
} from "@onstage/domain";

export interface RegisterState {
  label: string;
  /** The button refuses registration: the event is full and the viewer holds no spot yet. */
  isBlocked: boolean;
  /** '{n} spots left', or null when the event has no seat limit. */
  spotsLeftText: string | null;
}

/** Spec 1 §4: ended and postevent drive the replay wording. */
export function allSessionsEnded(data: EventPageData): boolean {
  return (
    data.sessions.length > 0 && data.sessions.every((s) => s.state === "ended" || s.state === "postevent")
  );
}

export function registerState(data: EventPageData, flags: ViewerFlags): RegisterState {
  const { event, viewer, registeredCount } = data;
  const isRegisteredOrPaid = viewer.isRegistered || viewer.hasPaid;
  // Spec 1 §5: a user who may come on stage bypasses the seat limit.
  const isFull = isEventFull({
    seatLimit: event.seatLimit,
    registeredCount,
    mayComeOnStage: flags.canComeOnStage,
  });
  const spots = spotsLeft(event.seatLimit, registeredCount);
  return {
    isBlocked: isFull && !isRegisteredOrPaid,
    spotsLeftText: spots === null ? null : spotsLeftLabel(spots),
    label: registerButtonLabel({
      customText: event.customRegisterButtonText,
      isFull,
      passwordProtected: event.passwordProtected,
      ticketed: event.access === "ticketed",
      allSessionsEnded: allSessionsEnded(data),
      isRegisteredOrPaid,
    }),
  };
}
