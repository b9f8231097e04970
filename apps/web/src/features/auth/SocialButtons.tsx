import { SOCIAL_PROVIDER_LABELS, type SocialProvider } from "@onstage/domain";
import { Button } from "../../ui/Button";

export interface SocialButtonsProps {
  providers: readonly SocialProvider[];
  disabled: boolean;
  onSelect: (provider: SocialProvider) => void;
}

/** Spec 1 §2: 'Continue with Google', Twitter, Facebook and Patreon, for the configured providers only. */
export function SocialButtons({ providers, disabled, onSelect }: SocialButtonsProps) {
  if (providers.length === 0) return null;
  return (
    <div className="sign-in__social">
      <p className="sign-in__or">or</p>
      <ul className="sign-in__social-list">
        {providers.map((provider) => (
          <li key={provider}>
            <Button variant="secondary" fullWidth disabled={disabled} onClick={() => onSelect(provider)}>
              Continue with {SOCIAL_PROVIDER_LABELS[provider]}
            </Button>
          </li>
        ))}
      </ul>
    </div>
  );
}
