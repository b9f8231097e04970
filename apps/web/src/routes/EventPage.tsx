import type { EventPageData } from "@onstage/domain";
import { useParams, useSearchParams } from "react-router";
import { ApiError } from "../api";
import { SitePage } from "../features/account/SitePage";
import { useMe } from "../features/account/useMe";
import { EventNotFound } from "../features/event-page/EventNotFound";
import { decideEventView, viewerFlagsFor } from "../features/event-page/eventView";
import { LiveRoom } from "../features/event-page/LiveRoom";
import { pickSession } from "../features/event-page/pickSession";
import { useEventPage } from "../features/event-page/useEventPage";
import { useEmailVerifiedToast, useGoneEventRedirect } from "../features/event-page/useEventPageEffects";
import { HostFeedbackDialog } from "../features/host-feedback/HostFeedbackDialog";
import { useFeedbackPrompt } from "../features/host-feedback/useFeedbackPrompt";
import { LandingPage } from "../features/landing/LandingPage";
import { registerState } from "../features/landing/registerState";
import { LobbyPage } from "../features/lobby/LobbyPage";
import { egressJoin } from "../features/program-feed/egressJoin";
import { RecorderView } from "../features/program-feed/RecorderView";
import { useEgressSignIn } from "../features/program-feed/useEgressSignIn";
import { useDocumentTitle } from "../lib/useDocumentTitle";
import { Spinner } from "../ui/Spinner";

/** ?replay (the 'watch replay' button), or a replay link that starts at a moment (?clip_start_time=). */
const wantsReplay = (params: URLSearchParams) => params.has("replay") || params.has("clip_start_time");

const isAgendaOnly = (data: EventPageData) =>
  data.event.multiSession && !data.sessions.some((s) => s.sessionType === "lobby");

/** /c/{eventCode}[/{urlHash|lobby}] (spec 1 §2): a catch-all, so the segments are split here. */
export function EventPage() {
  const [searchParams] = useSearchParams();
  const egressToken = searchParams.has("recorder-view") ? (egressJoin(searchParams)?.token ?? null) : null;
  // LiveKit Egress's template signs in with its token before the page reads anything as a visitor.
  return useEgressSignIn(egressToken) ? <EventPageContent /> : null;
}

function EventPageContent() {
  const [eventCode = "", segment] = (useParams()["*"] ?? "").split("/");
  const [searchParams] = useSearchParams();
  const isPreview = searchParams.get("previewLandingPage") === "true";
  const { user } = useMe();
  const query = useEventPage(eventCode);
  const data = query.data ?? null;
  const session = data ? pickSession(data.sessions, segment) : null;
  const view = data
    ? decideEventView(data, session, { isPreview, wantsReplay: wantsReplay(searchParams) })
    : null;
  const feedback = useFeedbackPrompt(session, data ? viewerFlagsFor(data, session) : null);
  useEmailVerifiedToast(searchParams.get("emailVerified") === "true");
  useGoneEventRedirect(query.error instanceof ApiError ? query.error.code : null);
  useDocumentTitle(view === "not_found" || query.isError ? "Event not found" : (data?.event.title ?? null));

  if (eventCode !== "" && query.isPending) {
    return (
      <SitePage>
        <Spinner label="Loading event…" />
      </SitePage>
    );
  }
  if (!data || view === "not_found") {
    return (
      <SitePage>
        <EventNotFound isSignedIn={user !== null} />
      </SitePage>
    );
  }
  // LiveKit Egress opens the recorder view signed in to LiveKit only (its token in the query), not here.
  const isEgress = egressJoin(searchParams) !== null;
  if ((view === "room" || isEgress) && session && searchParams.has("recorder-view")) {
    return <RecorderView data={data} session={session} isEgress={isEgress} />;
  }
  // Spec 2 §2: the lobby of a multi-session event without a lobby session is its agenda alone.
  if (view === "room" && segment === "lobby" && isAgendaOnly(data)) {
    return (
      <SitePage width="full">
        <LobbyPage data={data} />
      </SitePage>
    );
  }
  const feedbackDialog = <HostFeedbackDialog eventId={data.event.id} {...feedback} />;
  if (view === "room") {
    return (
      <SitePage tone="dark" width="full" fitsViewport>
        <LiveRoom data={data} session={session} />
        {feedbackDialog}
      </SitePage>
    );
  }
  const pageUrl = `${window.location.origin}/c/${data.event.eventCode}`;
  // Spec 1 §4: while registering, the registration dialog's own sign-in view answers ?sign_in.
  const isRegistering = searchParams.get("register") === "true";
  return (
    <SitePage width="full" withSignInDialog={!isRegistering}>
      <LandingPage
        data={data}
        session={session}
        register={registerState(data, session, viewerFlagsFor(data, session))}
        isPreview={isPreview}
        pageUrl={pageUrl}
      />
      {feedbackDialog}
    </SitePage>
  );
}
