import { useSearchParams } from "react-router";
import { SignedInOnly } from "../features/dashboard/SignedInOnly";
import { AdvancedSettings } from "../features/moderation/AdvancedSettings";
import { PlaceholderPage } from "./PlaceholderPage";

const TABS = { advanced: "Advanced Channel Settings", billing: "Billing" } as const;

function isTab(value: string | null): value is keyof typeof TABS {
  return value === "advanced" || value === "billing";
}

// TODO(settings): plans in the billing tab need their API.
export function SettingsPage() {
  const [searchParams] = useSearchParams();
  const tab = searchParams.get("tab");
  return (
    <PlaceholderPage title="Settings">
      {isTab(tab) && <h2>{TABS[tab]}</h2>}
      {tab === "advanced" && (
        <SignedInOnly
          title="Advanced Channel Settings"
          prompt="Sign in to manage your channel"
          explanation="Banned users are managed here once you are signed in."
        >
          {() => <AdvancedSettings />}
        </SignedInOnly>
      )}
    </PlaceholderPage>
  );
}
