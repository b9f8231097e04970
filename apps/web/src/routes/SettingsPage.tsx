import { Link, useSearchParams } from "wouter";
import { SignedInOnly } from "../features/dashboard/SignedInOnly";
import { AdvancedSettings } from "../features/moderation/AdvancedSettings";
import { PaymentsTab } from "../features/payment-account/PaymentsTab";
import { BillingTab } from "../features/plans/BillingTab";
import { PlaceholderPage } from "./PlaceholderPage";

const TABS = {
  payments: {
    title: "Payments",
    prompt: "Sign in to manage your channel's payments",
    explanation:
      "Your channel's payment account, which takes ticket income and contributions, is here once you are signed in.",
    content: () => <PaymentsTab />,
  },
  billing: {
    title: "Billing",
    prompt: "Sign in to see your channel's plan",
    explanation: "Your channel's plan, its limits and this month's hours are here once you are signed in.",
    content: () => <BillingTab />,
  },
  advanced: {
    title: "Advanced Channel Settings",
    prompt: "Sign in to manage your channel",
    explanation: "Banned users are managed here once you are signed in.",
    content: () => <AdvancedSettings />,
  },
} as const;
type Tab = keyof typeof TABS;

const isTab = (value: string | null): value is Tab => value !== null && Object.hasOwn(TABS, value);

/** /settings: the channel's payments (the default tab), billing and advanced settings (spec 1 §6, spec 2 §2, spec 3 §1). */
export function SettingsPage() {
  const [searchParams] = useSearchParams();
  const param = searchParams.get("tab");
  const tab: Tab = isTab(param) ? param : "payments";
  const { title, prompt, explanation, content } = TABS[tab];
  return (
    <PlaceholderPage title="Settings">
      <nav aria-label="Settings" className="settings-nav">
        {(Object.keys(TABS) as Tab[]).map((id) => (
          <Link key={id} href={`/settings?tab=${id}`} aria-current={id === tab ? "page" : undefined}>
            {TABS[id].title}
          </Link>
        ))}
      </nav>
      <h2>{title}</h2>
      <SignedInOnly title={title} prompt={prompt} explanation={explanation}>
        {content}
      </SignedInOnly>
    </PlaceholderPage>
  );
}
