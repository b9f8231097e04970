import { PlaceholderPage } from "./PlaceholderPage";

// TODO(my-events): lists the signed-in user's registrations; it needs the registrations API.
export function MyEventsPage() {
  return <PlaceholderPage title="My events" />;
}
