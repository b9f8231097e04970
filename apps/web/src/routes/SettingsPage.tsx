import { useSearchParams } from "wouter";
import { SignedInOnly } from "../features/dashboard/SignedInOnly";
import { AdvancedSettings } from "../features/moderation/AdvancedSettings";
import { BillingTab } from "../features/plans/BillingTab";
import { PlaceholderPage } from "./PlaceholderPage";

const TABS = { advanced: "Advanced Channel Settings", billing: "Billing" } as const;

function isTab(value: string | null): value is keyof typeof TABS {
  return value === "advanced" || value === "billing";
}

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
      {tab === "billing" && (
        <SignedInOnly
          title="Billing"
          prompt="Sign in to see your channel's plan"
          explanation="Your channel's plan, its limits and this month's hours are here once you are signed in."
        >
          {() => <BillingTab />}
        </SignedInOnly>
      )}
    </PlaceholderPage>
  );
}
