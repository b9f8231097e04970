import type { ComponentType } from "react";
import { matchRoutes, Outlet, type RouteObject, ScrollRestoration } from "react-router";
import { ChannelPage } from "./routes/ChannelPage";
import { ErrorPage } from "./routes/ErrorPage";
import { EventPage } from "./routes/EventPage";
import { HomePage } from "./routes/HomePage";
import { NotFoundPage } from "./routes/NotFoundPage";

function RootLayout() {
  return (
    <>
      <Outlet />
      <ScrollRestoration />
    </>
  );
}

/** A route module loaded when the route first matches: React Router's `lazy`, so it stays in the table. */
const page =
  <M,>(load: () => Promise<M>, pick: (module: M) => ComponentType) =>
  async () => ({ Component: pick(await load()) });

/**
 * Spec 1 §2 routes. The landing pages (/, /c/{code}, /@{channel}) are in the first load, so a visitor's
 * first page needs no second round trip (issue 14); every other page loads when it is opened.
 * /@{channelName} is matched as /:handle (see ChannelPage).
 */
export const routes: RouteObject[] = [
  {
    element: <RootLayout />,
    errorElement: <ErrorPage />,
    children: [
      { path: "/", element: <HomePage /> },
      // Spec 2 §1 chat pop-out: a third segment, which the event page's routes (spec 1 §2) never use.
      {
        path: "/c/:eventCode/:urlHash/popout/qa",
        lazy: page(
          () => import("./features/questions/QuestionsPopoutPage"),
          (m) => m.QuestionsPopoutPage,
        ),
      },
      {
        path: "/c/:eventCode/:urlHash/popout/:module",
        lazy: page(
          () => import("./features/chat/ChatPopoutPage"),
          (m) => m.ChatPopoutPage,
        ),
      },
      { path: "/c/*", element: <EventPage /> },
      {
        path: "/dash",
        lazy: page(
          () => import("./routes/DashPage"),
          (m) => m.DashPage,
        ),
      },
      {
        path: "/dash/channels/:channelId",
        lazy: page(
          () => import("./routes/ChannelSettingsPage"),
          (m) => m.ChannelSettingsPage,
        ),
      },
      {
        path: "/dash/events/:eventId",
        lazy: page(
          () => import("./routes/EventEditorPage"),
          (m) => m.EventEditorPage,
        ),
      },
      {
        path: "/my-events",
        lazy: page(
          () => import("./routes/MyEventsPage"),
          (m) => m.MyEventsPage,
        ),
      },
      {
        path: "/settings",
        lazy: page(
          () => import("./routes/SettingsPage"),
          (m) => m.SettingsPage,
        ),
      },
      {
        path: "/account/settings",
        lazy: page(
          () => import("./routes/AccountSettingsPage"),
          (m) => m.AccountSettingsPage,
        ),
      },
      {
        path: "/auth/link",
        lazy: page(
          () => import("./routes/AuthLinkPage"),
          (m) => m.AuthLinkPage,
        ),
      },
      {
        path: "/terms-of-service",
        lazy: page(
          () => import("./routes/TermsOfServicePage"),
          (m) => m.TermsOfServicePage,
        ),
      },
      {
        path: "/privacy-policy",
        lazy: page(
          () => import("./routes/PrivacyPolicyPage"),
          (m) => m.PrivacyPolicyPage,
        ),
      },
      { path: "/:handle", element: <ChannelPage /> },
      { path: "*", element: <NotFoundPage /> },
    ],
  },
];

/**
 * Before hydrating a page the server rendered: load the lazy routes its address matches (the server's
 * static handler loaded them too), so the first client render is the server's markup, not a fallback.
 */
export async function loadMatchedRoutes(pathname: string): Promise<void> {
  const matches = matchRoutes(routes, pathname) ?? [];
  await Promise.all(
    matches.map(async ({ route }) => {
      if (typeof route.lazy !== "function") return;
      Object.assign(route, { ...(await route.lazy()), lazy: undefined });
    }),
  );
}
