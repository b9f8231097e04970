import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { createBrowserRouter, Outlet, RouterProvider, ScrollRestoration } from "react-router";
import { isApiError } from "./api";
import { ChatPopoutPage } from "./features/chat/ChatPopoutPage";
import { QuestionsPopoutPage } from "./features/questions/QuestionsPopoutPage";
import { AccountSettingsPage } from "./routes/AccountSettingsPage";
import { AuthLinkPage } from "./routes/AuthLinkPage";
import { ChannelPage } from "./routes/ChannelPage";
import { ChannelSettingsPage } from "./routes/ChannelSettingsPage";
import { DashPage } from "./routes/DashPage";
import { ErrorPage } from "./routes/ErrorPage";
import { EventEditorPage } from "./routes/EventEditorPage";
import { EventPage } from "./routes/EventPage";
import { HomePage } from "./routes/HomePage";
import { MyEventsPage } from "./routes/MyEventsPage";
import { NotFoundPage } from "./routes/NotFoundPage";
import { PrivacyPolicyPage } from "./routes/PrivacyPolicyPage";
import { SettingsPage } from "./routes/SettingsPage";
import { TermsOfServicePage } from "./routes/TermsOfServicePage";
import { Toaster } from "./ui/toast";

const MAX_RETRIES = 2;

const queryClient = new QueryClient({
  defaultOptions: {
    queries: {
      // A 4xx answer (not found, forbidden) will not change on retry; network and 5xx errors might.
      retry: (failures, error) => !(isApiError(error) && error.status < 500) && failures < MAX_RETRIES,
      refetchOnWindowFocus: false,
    },
  },
});

function RootLayout() {
  return (
    <>
      <Outlet />
      <ScrollRestoration />
    </>
  );
}

// Spec 1 §2 routes. /@{channelName} is matched as /:handle (see ChannelPage).
const router = createBrowserRouter([
  {
    element: <RootLayout />,
    errorElement: <ErrorPage />,
    children: [
      { path: "/", element: <HomePage /> },
      // Spec 2 §1 chat pop-out: a third segment, which the event page's routes (spec 1 §2) never use.
      { path: "/c/:eventCode/:urlHash/popout/qa", element: <QuestionsPopoutPage /> },
      { path: "/c/:eventCode/:urlHash/popout/:module", element: <ChatPopoutPage /> },
      { path: "/c/*", element: <EventPage /> },
      { path: "/dash", element: <DashPage /> },
      { path: "/dash/channels/:channelId", element: <ChannelSettingsPage /> },
      { path: "/dash/events/:eventId", element: <EventEditorPage /> },
      { path: "/my-events", element: <MyEventsPage /> },
      { path: "/settings", element: <SettingsPage /> },
      { path: "/account/settings", element: <AccountSettingsPage /> },
      { path: "/auth/link", element: <AuthLinkPage /> },
      { path: "/terms-of-service", element: <TermsOfServicePage /> },
      { path: "/privacy-policy", element: <PrivacyPolicyPage /> },
      { path: "/:handle", element: <ChannelPage /> },
      { path: "*", element: <NotFoundPage /> },
    ],
  },
]);

export function App() {
  return (
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router} />
      <Toaster />
    </QueryClientProvider>
  );
}
