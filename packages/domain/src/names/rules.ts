import { EMAIL_MAX_CHARS, NAME_MAX_CHARS } from "../constants";

// Spec 1 §5 and spec 2 §5: names and e-mail addresses.

function isValidName(value: string): boolean {
  const name = value.trim();
  // Names are shown to every attendee; links in them are spam.
  return name !== "" && !name.toLowerCase().includes("http") && Array.from(name).length <= NAME_MAX_CHARS;
}

/** Spec 1 §5, §8: an invalid first name at sign-up shows 'Bad request'. */
export function firstNameRefusal(name: string): "bad_request" | null {
  return isValidName(name) ? null : "bad_request";
}

/** Spec 2 §5: 'Invalid first name' / 'Invalid last name' on the welcome form. */
export function nameRefusal(
  value: string,
  which: "first" | "last",
): "invalid_first_name" | "invalid_last_name" | null {
  if (isValidName(value)) return null;
  return which === "first" ? "invalid_first_name" : "invalid_last_name";
}

/** Spec 1 §5: e-mails are lower-cased. */
export function normaliseEmail(value: string): string {
  return value.trim().toLowerCase();
}

const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** Spec 1 §5: 'Please enter a valid email address' otherwise. */
export function isValidEmail(value: string): boolean {
  const email = normaliseEmail(value);
  return email.length <= EMAIL_MAX_CHARS && EMAIL_PATTERN.test(email);
}
