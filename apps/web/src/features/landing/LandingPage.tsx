import {
  type EventPageData,
  isHostLevel,
  isSessionOver,
  sessionStatus,
  type VideoSessionSummary,
} from "@onstage/domain";
import { useState } from "react";
import { Link, useLocation } from "wouter";
import { BrowserOnly } from "../../lib/BrowserOnly";
import { lazyComponent } from "../../lib/lazyComponent";
import { useNow } from "../../lib/useNow";
import { LoadingOverlay } from "../../ui/LoadingOverlay";
import { replayPath, viewerFlagsFor } from "../event-page/eventView";
import { followsSessionState } from "../event-page/followsSessionState";
import { EventCover } from "../events/EventCover";
import { SessionsSection } from "../lobby/SessionsSection";
import { mayUnregister } from "../registration/mayUnregister";
import { useRegisterParam } from "../registration/useRegisterParam";
import { Countdown } from "./Countdown";
import { DateBox } from "./DateBox";
import { EventBadges } from "./EventBadges";
import { HostSection } from "./HostSection";
import { LandingSection } from "./LandingSection";
import { calendarEntry, landingTimes } from "./landingTimes";
import { PreviewBanner } from "./PreviewBanner";
import { RegisteredPanel } from "./RegisteredPanel";
import { RegisterPanel } from "./RegisterPanel";
import type { RegisterState } from "./registerState";
import { SessionOverPanel } from "./SessionOverPanel";
import { ShareSection } from "./ShareSection";
import { TicketsSection } from "./TicketsSection";
import "./landing.css";

// Issue 14: the landing's first load holds what every visitor sees; dialogs, the team's controls and the
// realtime client (socket.io) load when they are needed, after the page has painted.
const loadRegistrationDialog = () =>
  import("../registration/RegistrationDialog").then((m) => m.RegistrationDialog);
const RegistrationDialog = lazyComponent(loadRegistrationDialog);
const AddToCalendarDialog = lazyComponent(() =>
  import("./AddToCalendarDialog").then((m) => m.AddToCalendarDialog),
);
const FollowSessionState = lazyComponent(() =>
  import("../event-page/FollowSessionState").then((m) => m.FollowSessionState),
);
const EnterGreenroomButton = lazyComponent(() =>
  import("../host-controls/EnterGreenroomButton").then((m) => m.EnterGreenroomButton),
);
const UnregisterAction = lazyComponent(() =>
  import("../registration/UnregisterAction").then((m) => m.UnregisterAction),
);

export interface LandingPageProps {
  data: EventPageData;
  session: VideoSessionSummary | null;
  register: RegisterState;
  isPreview: boolean;
  /** The canonical /c/{eventCode} address, for sharing and calendars. */
  pageUrl: string;
}

/** A session still to start moves to 'Starting now' by itself (Countdown); the rest changes by message. */
const STATUS_REFRESH_MS = 60_000;

/**
 * Spec 1 §2 "Landing page". Issue 23 §3.7: the heading and the action come first on a narrow screen, so
 * register (or join, or watch the replay) is on the first screen at every width (landing.css).
 */
export function LandingPage({ data, session, register, isPreview, pageUrl }: LandingPageProps) {
  const { event } = data;
  const [isCalendarOpen, setCalendarOpen] = useState(false);
  const registration = useRegisterParam();
  const [, navigate] = useLocation();
  const now = useNow(STATUS_REFRESH_MS);
  const status = session ? sessionStatus(session, now) : null;
  const isOver = status !== null && isSessionOver(status);
  const times = landingTimes(data, session, status);
  const openCalendar = isOver ? null : () => setCalendarOpen(true);
  // Issue 23 §3.1: a viewer the room admits watches an ended session's replay from its own panel.
  const overReplayPath = isOver ? replayPath(data, session) : null;
  return (
    <div className="landing">
      {isPreview && <PreviewBanner eventPath={`/c/${event.eventCode}`} />}
      <EventCover src={event.coverPhoto} className="landing__cover" />
      <div className="landing__grid">
        <div className="landing__heading">
          {times.start && (
            <DateBox startIso={times.start} timeZone={event.timezone} onOpenCalendar={openCalendar} />
          )}
          <div>
            <h1 className="landing__title">{event.title}</h1>
            <p className="landing__channel">
              By <Link to={`/@${event.organization.channelName}`}>{event.organization.name}</Link>
            </p>
            <EventBadges event={event} />
          </div>
        </div>
        <div className="landing__main">
          {event.description && (
            <LandingSection title="About this event">
              <p className="landing__description">{event.description}</p>
            </LandingSection>
          )}
          <SessionsSection data={data} />
        </div>
        <div className="landing__side">
          <div className="landing__panel">
            {times.countdownTarget && <Countdown startIso={times.countdownTarget} />}
            <BrowserOnly>
              {session && !isPreview && isHostLevel(viewerFlagsFor(data, session)) && (
                <EnterGreenroomButton data={data} session={session} />
              )}
              {session && !isPreview && followsSessionState(data.viewer) && (
                <FollowSessionState data={data} session={session} />
              )}
            </BrowserOnly>
            {session && isOver && (
              <SessionOverPanel
                channel={event.organization}
                hasRecording={session.hasRecording}
                replayPath={overReplayPath}
              />
            )}
            {overReplayPath === null &&
              (register.action === "register" ? (
                <RegisterPanel
                  state={register}
                  onPrefetch={() => void loadRegistrationDialog()}
                  onRegister={() =>
                    register.replayPath ? navigate(register.replayPath) : registration.setOpen(true)
                  }
                />
              ) : (
                !isOver && (
                  <RegisteredPanel
                    eventCode={event.eventCode}
                    eventTimeZone={event.timezone}
                    session={session}
                    startIso={times.start}
                    isLive={register.action === "join"}
                    onOpenCalendar={() => setCalendarOpen(true)}
                  />
                )
              ))}
            {mayUnregister(data) && (
              <BrowserOnly>
                <UnregisterAction data={data} />
              </BrowserOnly>
            )}
          </div>
          {event.access === "ticketed" && data.tickets.length > 0 && (
            <TicketsSection tickets={data.tickets} currency={event.eventTicketCurrency} />
          )}
          <HostSection channel={event.organization} />
          {!event.private && <ShareSection pageUrl={pageUrl} title={event.title} />}
        </div>
      </div>
      <BrowserOnly loading={<LoadingOverlay />}>
        {times.start && isCalendarOpen && (
          <AddToCalendarDialog
            open
            onOpenChange={setCalendarOpen}
            eventCode={event.eventCode}
            entry={calendarEntry(data, times.start, times.end, pageUrl)}
          />
        )}
        {registration.isOpen && <RegistrationDialog onOpenChange={registration.setOpen} data={data} />}
      </BrowserOnly>
    </div>
  );
}
