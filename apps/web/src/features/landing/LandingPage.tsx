import type { EventPageData, VideoSessionSummary } from "@onstage/domain";
import { useState } from "react";
import { Link, useNavigate } from "react-router";
import { FollowSessionState } from "../event-page/FollowSessionState";
import { EventCover } from "../events/EventCover";
import { EnterGreenroomButton } from "../host-controls/EnterGreenroomButton";
import { SessionsSection } from "../lobby/SessionsSection";
import { RegistrationDialog } from "../registration/RegistrationDialog";
import { mayUnregister, UnregisterAction } from "../registration/UnregisterAction";
import { useRegisterParam } from "../registration/useRegisterParam";
import { AddToCalendarDialog } from "./AddToCalendarDialog";
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
import { ShareSection } from "./ShareSection";
import { TicketsSection } from "./TicketsSection";
import "./landing.css";

export interface LandingPageProps {
  data: EventPageData;
  session: VideoSessionSummary | null;
  register: RegisterState;
  isPreview: boolean;
  /** The canonical /c/{eventCode} address, for sharing and calendars. */
  pageUrl: string;
}

/** Spec 1 §2 "Landing page". */
export function LandingPage({ data, session, register, isPreview, pageUrl }: LandingPageProps) {
  const { event } = data;
  const [isCalendarOpen, setCalendarOpen] = useState(false);
  const registration = useRegisterParam();
  const navigate = useNavigate();
  const times = landingTimes(data, session);
  return (
    <div className="landing">
      {isPreview && <PreviewBanner eventPath={`/c/${event.eventCode}`} />}
      <EventCover src={event.coverPhoto} className="landing__cover" />
      <div className="landing__grid">
        <div className="landing__main">
          <div className="landing__heading">
            {times.start && (
              <DateBox
                startIso={times.start}
                timeZone={event.timezone}
                onOpenCalendar={() => setCalendarOpen(true)}
              />
            )}
            <div>
              <h1 className="landing__title">{event.title}</h1>
              <p className="landing__channel">
                By <Link to={`/@${event.organization.channelName}`}>{event.organization.name}</Link>
              </p>
              <EventBadges event={event} />
            </div>
          </div>
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
            {session && !isPreview && <EnterGreenroomButton data={data} session={session} />}
            {session && !isPreview && <FollowSessionState data={data} session={session} />}
            {register.action === "register" ? (
              <RegisterPanel
                state={register}
                onRegister={() =>
                  register.replayPath ? navigate(register.replayPath) : registration.setOpen(true)
                }
              />
            ) : (
              <RegisteredPanel
                eventCode={event.eventCode}
                eventTimeZone={event.timezone}
                session={session}
                startIso={times.start}
                isLive={register.action === "join"}
                onOpenCalendar={() => setCalendarOpen(true)}
              />
            )}
            {mayUnregister(data) && <UnregisterAction data={data} />}
          </div>
          {event.access === "ticketed" && data.tickets.length > 0 && (
            <TicketsSection tickets={data.tickets} currency={event.eventTicketCurrency} />
          )}
          <HostSection channel={event.organization} />
          {!event.private && <ShareSection pageUrl={pageUrl} title={event.title} />}
        </div>
      </div>
      {times.start && (
        <AddToCalendarDialog
          open={isCalendarOpen}
          onOpenChange={setCalendarOpen}
          eventCode={event.eventCode}
          entry={calendarEntry(data, times.start, times.end, pageUrl)}
        />
      )}
      <RegistrationDialog open={registration.isOpen} onOpenChange={registration.setOpen} data={data} />
    </div>
  );
}
