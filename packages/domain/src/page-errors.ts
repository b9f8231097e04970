// The error catalogue's words a landing page shows, in a module of their own: the web's first load imports
// these, not the whole catalogue (errors.ts, issue 14).

/** A failed request, an unknown or removed event or channel, a full event. */
export const PAGE_ERROR_MESSAGES = {
  not_found: "Not found",
  internal: "Something went wrong",
  event_not_found: "The event you are looking for does not exist or may have been removed.",
  event_deleted: "This event was deleted",
  event_archived: "This event was archived",
  channel_not_found: "This channel does not exist.",
  limit_reached: "event registration limit reached",
} as const;

export const SOCIAL_SIGN_IN_ERRORS = [
  "social_credentials",
  "social_user",
  "social_account",
  "social_terms",
] as const;
export type SocialSignInError = (typeof SOCIAL_SIGN_IN_ERRORS)[number];

/** Spec 1 §8: the social sign-in messages name the provider. */
export function socialSignInErrorMessage(code: SocialSignInError, providerLabel: string): string {
  switch (code) {
    case "social_credentials":
      return `Could not retrieve credentials from ${providerLabel}`;
    case "social_user":
      return `Could not retrieve ${providerLabel} user after social login`;
    case "social_account":
      return `Could not create ${providerLabel} account`;
    case "social_terms":
      return `Cannot confirm Terms of Service because there is no ${providerLabel} user.`;
  }
}
