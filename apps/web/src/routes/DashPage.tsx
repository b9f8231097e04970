import { PlaceholderPage } from "./PlaceholderPage";

// TODO(dashboard): the channel dashboard lists the channel's events; it needs the events admin API.
export function DashPage() {
  return <PlaceholderPage title="Dashboard" />;
}
