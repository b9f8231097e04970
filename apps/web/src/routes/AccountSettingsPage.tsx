import { PlaceholderPage } from "./PlaceholderPage";

// TODO(account): profile and e-mail verification (the target of 'Please verify your email to interact').
export function AccountSettingsPage() {
  return <PlaceholderPage title="Account settings" />;
}
