import { type SignInProvider, SOCIAL_PROVIDER_LABELS } from "@onstage/domain";
import { Spinner } from "../../ui/Spinner";
import { SettingsSection } from "./SettingsSection";
import { useSignInAccounts } from "./useAccountSettings";

const providerLabel = (provider: SignInProvider) =>
  provider === "email" ? "Email" : SOCIAL_PROVIDER_LABELS[provider];

export function SignInMethodsSection() {
  const accounts = useSignInAccounts();
  return (
    <SettingsSection title="Sign-in methods">
      {accounts.isPending && <Spinner label="Loading sign-in methods…" />}
      {accounts.isError && <p role="alert">Sign-in methods could not be loaded. Please try again later.</p>}
      {accounts.data && (
        <ul className="settings-methods" aria-label="Sign-in methods">
          {accounts.data.accounts.map((account) => (
            <li key={`${account.provider}:${account.email}`} className="settings-methods__item">
              <span className="settings-methods__provider">{providerLabel(account.provider)}</span>
              <span className="settings-methods__email">{account.email}</span>
            </li>
          ))}
        </ul>
      )}
    </SettingsSection>
  );
}
