import { type CustomAnswers, type CustomQuestion, missingRequiredFields } from "../custom-questions/rules";
import { firstNameRefusal, isValidEmail, nameRefusal } from "../names/rules";

/** Spec 1 §5 first bullet: the sign-up button's enabling rule. */
export function signUpDisabled(input: {
  email: string;
  firstName: string;
  lastName: string;
  termsAccepted: boolean;
  hasError: boolean;
  fields: readonly CustomQuestion[];
  answers: CustomAnswers;
}): boolean {
  const filled = [input.email, input.firstName, input.lastName].every((value) => value.trim() !== "");
  return (
    !filled ||
    !input.termsAccepted ||
    input.hasError ||
    missingRequiredFields(input.fields, input.answers).length > 0
  );
}

export type SignUpRefusal = "invalid_email" | "bad_request" | "invalid_last_name" | "terms_required";

/** Spec 1 §5, §8: what the server refuses on sign-up; the first name's refusal reads 'Bad request'. */
export function signUpRefusal(input: {
  email: string;
  firstName: string;
  lastName: string;
  termsAccepted: boolean;
}): SignUpRefusal | null {
  if (!isValidEmail(input.email)) return "invalid_email";
  if (firstNameRefusal(input.firstName)) return "bad_request";
  if (nameRefusal(input.lastName, "last")) return "invalid_last_name";
  return input.termsAccepted ? null : "terms_required";
}

export type WelcomeFormRefusal =
  | "names_required"
  | "invalid_first_name"
  | "invalid_last_name"
  | "terms_required";

/** Spec 2 §5 welcome form: names, then their validity, then terms acceptance. */
export function welcomeFormRefusal(input: {
  firstName: string;
  lastName: string;
  termsAccepted: boolean;
}): WelcomeFormRefusal | null {
  if (input.firstName.trim() === "" || input.lastName.trim() === "") return "names_required";
  return (
    nameRefusal(input.firstName, "first") ??
    nameRefusal(input.lastName, "last") ??
    (input.termsAccepted ? null : "terms_required")
  );
}
