import { useSearchParams } from "react-router";
import { PlaceholderPage } from "./PlaceholderPage";

const TABS = { advanced: "Advanced Channel Settings", billing: "Billing" } as const;

function isTab(value: string | null): value is keyof typeof TABS {
  return value === "advanced" || value === "billing";
}

// TODO(settings): banned users (spec 1 §6) live in the advanced tab, plans in billing; both need their APIs.
export function SettingsPage() {
  const [searchParams] = useSearchParams();
  const tab = searchParams.get("tab");
  return <PlaceholderPage title="Settings">{isTab(tab) && <h2>{TABS[tab]}</h2>}</PlaceholderPage>;
}
