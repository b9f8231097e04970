import type { SignInProvider } from "../vocabulary";

// Apart from the zod vocabulary: the landing pages show these names without loading zod (issue 14).
/** How each social provider is named on buttons ('Continue with Google') and in messages. */
export const SOCIAL_PROVIDER_LABELS = {
  google: "Google",
  twitter: "Twitter",
  facebook: "Facebook",
  patreon: "Patreon",
} as const satisfies Record<Exclude<SignInProvider, "email">, string>;
export type SocialProvider = keyof typeof SOCIAL_PROVIDER_LABELS;
