import { PASSWORD_MIN_CHARS } from "../auth/schemas";

/** ASVS: below this zxcvbn score (0–4) a password is common or easy to guess, whatever its length. */
export const PASSWORD_MIN_SCORE = 2;

/** not_rated: nothing typed yet, or the estimator still loading. */
export type PasswordStrength = "not_rated" | "too_short" | "too_guessable" | "strong_enough";

/**
 * What the server will say of a new password, so a form can tell the person while they type. `score` is
 * zxcvbn's, null while the estimator loads (length alone is known then).
 */
export function passwordStrength(password: string, score: number | null): PasswordStrength {
  if (password === "") return "not_rated";
  if (password.length < PASSWORD_MIN_CHARS) return "too_short";
  if (score === null) return "not_rated";
  return score < PASSWORD_MIN_SCORE ? "too_guessable" : "strong_enough";
}

/** A form refuses these before asking the server (which would answer weak_password). */
export function isRefusedPasswordStrength(strength: PasswordStrength): boolean {
  return strength === "too_short" || strength === "too_guessable";
}

const RULE = `At least ${PASSWORD_MIN_CHARS} characters, and not a common word or pattern.`;

/** The hint beside a new-password field, in step with `passwordStrength`. */
export function passwordStrengthHint(strength: PasswordStrength): string {
  switch (strength) {
    case "not_rated":
      return RULE;
    case "too_short":
      return `Too short. ${RULE}`;
    case "too_guessable":
      return `Too easy to guess. ${RULE}`;
    case "strong_enough":
      return "Strong enough.";
  }
}
