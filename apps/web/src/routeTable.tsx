import type { ComponentType } from "react";
import { parse } from "regexparam";
import { matchRoute, Route, Switch } from "wouter";
import { ChannelPage } from "./routes/ChannelPage";
import { ErrorPage } from "./routes/ErrorPage";
import { EventPage } from "./routes/EventPage";
import { HomePage } from "./routes/HomePage";
import { NotFoundPage } from "./routes/NotFoundPage";
import { type LazyPage, lazyPage } from "./routing/lazyPage";
import { RouteErrorBoundary } from "./routing/RouteErrorBoundary";
import { ScrollToTop } from "./routing/ScrollToTop";
import { usePageLocation } from "./routing/usePageLocation";

type PageRoute = { path: string } & (LazyPage | { Page: ComponentType; load?: undefined });

/**
 * Spec 1 §2 routes, the first that matches wins. The landing pages (/, /c/{code}, /@{channel}) are in the
 * first load, so a visitor's first page needs no second round trip (issue 14); every other page loads when
 * it is opened. /@{channelName} is matched as /:handle (see ChannelPage).
 */
export const routes: PageRoute[] = [
  { path: "/", Page: HomePage },
  // Spec 2 §1 chat pop-out: a third segment, which the event page's routes (spec 1 §2) never use.
  {
    path: "/c/:eventCode/:urlHash/popout/qa",
    ...lazyPage(() => import("./features/questions/QuestionsPopoutPage").then((m) => m.QuestionsPopoutPage)),
  },
  {
    path: "/c/:eventCode/:urlHash/popout/:module",
    ...lazyPage(() => import("./features/chat/ChatPopoutPage").then((m) => m.ChatPopoutPage)),
  },
  { path: "/c/*?", Page: EventPage },
  { path: "/dash", ...lazyPage(() => import("./routes/DashPage").then((m) => m.DashPage)) },
  {
    path: "/dash/channels/:channelId",
    ...lazyPage(() => import("./routes/ChannelSettingsPage").then((m) => m.ChannelSettingsPage)),
  },
  {
    path: "/dash/events/:eventId",
    ...lazyPage(() => import("./routes/EventEditorPage").then((m) => m.EventEditorPage)),
  },
  // Spec 3 §2: the public clip page (the share link), and the clip as other sites frame it.
  { path: "/clips/:slug", ...lazyPage(() => import("./features/clips/ClipPage").then((m) => m.ClipPage)) },
  {
    path: "/embed/clips/:slug",
    ...lazyPage(() => import("./features/clips/ClipEmbedPage").then((m) => m.ClipEmbedPage)),
  },
  { path: "/my-events", ...lazyPage(() => import("./routes/MyEventsPage").then((m) => m.MyEventsPage)) },
  {
    path: "/donations/complete",
    ...lazyPage(() => import("./routes/DonationCompletePage").then((m) => m.DonationCompletePage)),
  },
  { path: "/settings", ...lazyPage(() => import("./routes/SettingsPage").then((m) => m.SettingsPage)) },
  {
    path: "/account/settings",
    ...lazyPage(() => import("./routes/AccountSettingsPage").then((m) => m.AccountSettingsPage)),
  },
  { path: "/auth/link", ...lazyPage(() => import("./routes/AuthLinkPage").then((m) => m.AuthLinkPage)) },
  // Issue 28 §3: a go-live mail's one-click unfollow.
  { path: "/unfollow", ...lazyPage(() => import("./routes/UnfollowPage").then((m) => m.UnfollowPage)) },
  {
    path: "/terms-of-service",
    ...lazyPage(() => import("./routes/TermsOfServicePage").then((m) => m.TermsOfServicePage)),
  },
  {
    path: "/privacy-policy",
    ...lazyPage(() => import("./routes/PrivacyPolicyPage").then((m) => m.PrivacyPolicyPage)),
  },
  { path: "/:handle", Page: ChannelPage },
  { path: "*", Page: NotFoundPage },
];

/** The page at the current address; a page that throws shows the error page instead. */
export function Pages() {
  const { pathname, search } = usePageLocation();
  return (
    <>
      <RouteErrorBoundary address={`${pathname}?${search}`} fallback={<ErrorPage />}>
        <Switch>
          {routes.map(({ path, Page }) => (
            <Route key={path} path={path}>
              <Page />
            </Route>
          ))}
        </Switch>
      </RouteErrorBoundary>
      <ScrollToTop pathname={pathname} />
    </>
  );
}

/**
 * Before rendering (the server) or hydrating (the browser) a page: load its code if it is a lazy page, so
 * the render is the page itself, the same on both sides (the pop-outs).
 */
export async function loadMatchedPage(pathname: string): Promise<void> {
  await routes.find(({ path }) => matchRoute(parse, path, pathname)[0])?.load?.();
}
