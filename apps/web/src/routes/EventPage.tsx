import type { EventPageData } from "@onstage/domain";
import { useParams, useSearchParams } from "wouter";
import { ApiError } from "../api";
import { SitePage } from "../features/account/SitePage";
import { useMe } from "../features/account/useMe";
import { EventNotFound } from "../features/event-page/EventNotFound";
import { decideEventView, viewerFlagsFor } from "../features/event-page/eventView";
import { pickSession } from "../features/event-page/pickSession";
import { useEventPage } from "../features/event-page/useEventPage";
import { useEmailVerifiedToast, useGoneEventRedirect } from "../features/event-page/useEventPageEffects";
import { useRecordPageView } from "../features/event-page/useRecordPageView";
import { useFeedbackPrompt } from "../features/host-feedback/useFeedbackPrompt";
import { LandingPage } from "../features/landing/LandingPage";
import { registerState } from "../features/landing/registerState";
import { useMetaPixelPageLoad } from "../features/meta-pixel/useMetaPixelPageLoad";
import { egressJoin } from "../features/program-feed/egressJoin";
import { useEgressSignIn } from "../features/program-feed/useEgressSignIn";
import { BrowserOnly } from "../lib/BrowserOnly";
import { usePageOrigin } from "../lib/firstRender";
import { lazyComponent } from "../lib/lazyComponent";
import { useDocumentTitle } from "../lib/useDocumentTitle";
import { Spinner } from "../ui/Spinner";

// Issue 14: most visits show the landing page; the room (stage, player, LiveKit) and the rarer views load
// only when shown.
const LiveRoom = lazyComponent(() => import("../features/event-page/LiveRoom").then((m) => m.LiveRoom));
const LobbyPage = lazyComponent(() => import("../features/lobby/LobbyPage").then((m) => m.LobbyPage));
const RecorderView = lazyComponent(() =>
  import("../features/program-feed/RecorderView").then((m) => m.RecorderView),
);
const HostFeedbackDialog = lazyComponent(() =>
  import("../features/host-feedback/HostFeedbackDialog").then((m) => m.HostFeedbackDialog),
);
const EventClipDialog = lazyComponent(() =>
  import("../features/clips/EventClipDialog").then((m) => m.EventClipDialog),
);

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
  const isRecorder = searchParams.has("recorder-view");
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
  const origin = usePageOrigin();
  useDocumentTitle(view === "not_found" || query.isError ? "Event not found" : (data?.event.title ?? null));
  // Issue 28 §5: a person's view of the page; not the host's preview nor the recording's own browser.
  const isPageView = view !== null && view !== "not_found" && !isPreview && !isRecorder;
  useMetaPixelPageLoad(isPageView ? (data?.event ?? null) : null);
  useRecordPageView(isPageView ? (data?.event.id ?? null) : null);

  if (eventCode !== "" && query.isPending) return <LoadingEvent />;
  if (!data || view === "not_found") {
    return (
      <SitePage>
        <EventNotFound isSignedIn={user !== null} />
      </SitePage>
    );
  }
  // LiveKit Egress opens the recorder view signed in to LiveKit only (its token in the query), not here.
  const isEgress = egressJoin(searchParams) !== null;
  if ((view === "room" || isEgress) && session && isRecorder) {
    return (
      <BrowserOnly fallback={<LoadingEvent />}>
        <RecorderView data={data} session={session} isEgress={isEgress} />
      </BrowserOnly>
    );
  }
  // Spec 2 §2: the lobby of a multi-session event without a lobby session is its agenda alone.
  if (view === "room" && segment === "lobby" && isAgendaOnly(data)) {
    return (
      <SitePage width="full">
        <BrowserOnly fallback={<Spinner label="Loading event…" />}>
          <LobbyPage data={data} />
        </BrowserOnly>
      </SitePage>
    );
  }
  // Spec 2 §4: the feedback modal is rare (an owner ending a session), so its code loads when it opens.
  const feedbackDialog = feedback.sessionId !== null && (
    <BrowserOnly fallback={null}>
      <HostFeedbackDialog eventId={data.event.id} {...feedback} />
    </BrowserOnly>
  );
  // Spec 1 §4: while registering, the registration dialog's own sign-in view answers ?sign_in.
  const isRegistering = searchParams.get("register") === "true";
  // Spec 1 §2: clip_id opens the clip, unless the visitor came from it to register (the clip page's button).
  const clipDialog = !isRegistering && searchParams.has("clip_id") && (
    <BrowserOnly fallback={null}>
      <EventClipDialog />
    </BrowserOnly>
  );
  if (view === "room") {
    return (
      <SitePage tone="dark" width="full" fitsViewport>
        <BrowserOnly fallback={<Spinner label="Loading event…" />}>
          <LiveRoom data={data} session={session} />
        </BrowserOnly>
        {feedbackDialog}
        {clipDialog}
      </SitePage>
    );
  }
  const pageUrl = `${origin}/c/${data.event.eventCode}`;
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
      {clipDialog}
    </SitePage>
  );
}

function LoadingEvent() {
  return (
    <SitePage>
      <Spinner label="Loading event…" />
    </SitePage>
  );
}
