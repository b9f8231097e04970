import "../form/form.css";
import type { DashEventResponse } from "@onstage/domain";
import { Suspense } from "react";
import { Link, useSearchParams } from "wouter";
import { failureText, isApiError } from "../../../api";
import { lazyComponent } from "../../../lib/lazyComponent";
import { useDocumentTitle } from "../../../lib/useDocumentTitle";
import { Spinner } from "../../../ui/Spinner";
import { Tabs } from "../../../ui/Tabs";
import { DashNotFound } from "../DashNotFound";
import { EventStatusBadges } from "../EventStatusBadges";
import { RegistrationsTab } from "../registrations/RegistrationsTab";
import { CouponsTab } from "./CouponsTab";
import { DetailsTab } from "./DetailsTab";
import { EventActions } from "./EventActions";
import { QuestionsTab } from "./QuestionsTab";
import { SessionsTab } from "./SessionsTab";
import { SpeakersTab } from "./SpeakersTab";
import { TicketsTab } from "./TicketsTab";
import { useDashEvent } from "./useEventEditor";

// The charts and their library are large: only the team members who open this tab download them.
const AnalyticsTab = lazyComponent(() =>
  import("../analytics/AnalyticsTab").then((module) => module.AnalyticsTab),
);

const TABS = [
  { id: "details", label: "Details" },
  { id: "sessions", label: "Sessions" },
  { id: "speakers", label: "Speakers" },
  { id: "tickets", label: "Tickets" },
  { id: "coupons", label: "Coupons" },
  { id: "questions", label: "Questions" },
  { id: "registrations", label: "Registrations" },
  { id: "analytics", label: "Analytics" },
] as const;
type TabId = (typeof TABS)[number]["id"];

const isTab = (value: string | null): value is TabId => TABS.some((tab) => tab.id === value);

function TabContent({ tab, data }: { tab: TabId; data: DashEventResponse }) {
  const { event } = data;
  switch (tab) {
    case "details":
      return <DetailsTab event={event} />;
    case "sessions":
      return <SessionsTab event={event} sessions={data.sessions} />;
    case "speakers":
      return <SpeakersTab event={event} sessions={data.sessions} />;
    case "tickets":
      return <TicketsTab event={event} tickets={data.tickets} />;
    case "coupons":
      return <CouponsTab event={event} coupons={data.coupons} />;
    case "questions":
      return <QuestionsTab event={event} questions={data.questions} />;
    case "registrations":
      return <RegistrationsTab event={event} questions={data.questions} />;
    case "analytics":
      return (
        <Suspense fallback={<Spinner label="Loading analytics…" />}>
          <AnalyticsTab event={event} />
        </Suspense>
      );
  }
}

/** The event editor (issue 5 §1): one tab per part of the event; the tab is kept in ?tab=. */
export function EventEditor({ eventId }: { eventId: number }) {
  const query = useDashEvent(eventId);
  const [params, setParams] = useSearchParams();
  const requested = params.get("tab");
  const tab: TabId = isTab(requested) ? requested : "details";
  useDocumentTitle(query.data ? `Edit ${query.data.event.title}` : "Edit event");
  if (query.isPending) return <Spinner label="Loading the event…" />;
  if (query.isError) {
    const isRefused = isApiError(query.error) && query.error.status < 500;
    return <DashNotFound what="Event" message={isRefused ? undefined : failureText(query.error)} />;
  }
  const { event } = query.data;
  return (
    <>
      <nav aria-label="Breadcrumb" className="dash-breadcrumb">
        <Link to="/dash">Dashboard</Link>
        <span aria-hidden="true"> / </span>
        <span>{event.organization.name}</span>
      </nav>
      <div className="editor-header">
        <div>
          <h1 className="editor-header__title">{event.title}</h1>
          <EventStatusBadges event={{ ...event, passwordProtected: event.password !== null }} />
          <p className="dash-subtitle">{event.registeredCount} registered</p>
        </div>
        <EventActions event={event} />
      </div>
      <Tabs
        block="tabs"
        label="Event editor"
        tabs={TABS}
        selected={tab}
        onSelect={(next) =>
          setParams(
            (current) => {
              current.set("tab", next);
              return current;
            },
            { replace: true },
          )
        }
      >
        <TabContent tab={tab} data={query.data} />
      </Tabs>
    </>
  );
}
