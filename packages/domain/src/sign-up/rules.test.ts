import { describe, expect, test } from "vitest";
import type { CustomQuestion } from "../custom-questions/rules";
import { signUpDisabled, signUpRefusal, welcomeFormRefusal } from "./rules";

const required: CustomQuestion = { id: 1, type: "text", isRequired: true, answers: [] };
const filled = {
  email: "ada@example.com",
  firstName: "Ada",
  lastName: "Lovelace",
  termsAccepted: true,
  hasError: false,
  fields: [required],
  answers: { 1: "Acme" } as Record<number, string>,
};

describe("signUpDisabled (spec 1 §5 first bullet)", () => {
  test.each([
    { case: "everything set", input: filled, want: false },
    { case: "no e-mail", input: { ...filled, email: "" }, want: true },
    { case: "no first name", input: { ...filled, firstName: " " }, want: true },
    { case: "no last name", input: { ...filled, lastName: "" }, want: true },
    { case: "terms unticked", input: { ...filled, termsAccepted: false }, want: true },
    { case: "an error shown", input: { ...filled, hasError: true }, want: true },
    { case: "required custom field blank", input: { ...filled, answers: { 1: "  " } }, want: true },
    { case: "no custom fields", input: { ...filled, fields: [], answers: {} }, want: false },
  ])("$case → disabled $want", ({ input, want }) => {
    expect(signUpDisabled(input)).toBe(want);
  });
});

describe("signUpRefusal (spec 1 §5, §8)", () => {
  const ok = { email: "ada@example.com", firstName: "Ada", lastName: "Lovelace", termsAccepted: true };
  test.each([
    { case: "valid", input: ok, want: null },
    { case: "invalid e-mail", input: { ...ok, email: "ada" }, want: "invalid_email" },
    { case: "first name with http", input: { ...ok, firstName: "http://x" }, want: "bad_request" },
    { case: "last name with http", input: { ...ok, lastName: "http://x" }, want: "invalid_last_name" },
    { case: "terms not accepted", input: { ...ok, termsAccepted: false }, want: "terms_required" },
  ])("$case → $want", ({ input, want }) => {
    expect(signUpRefusal(input)).toBe(want);
  });
});

describe("welcomeFormRefusal (spec 2 §5 welcome form)", () => {
  const ok = { firstName: "Ada", lastName: "Lovelace", termsAccepted: true };
  test.each([
    { case: "valid", input: ok, want: null },
    { case: "first name missing", input: { ...ok, firstName: "" }, want: "names_required" },
    { case: "last name missing", input: { ...ok, lastName: " " }, want: "names_required" },
    { case: "invalid first name", input: { ...ok, firstName: "see http://x" }, want: "invalid_first_name" },
    { case: "invalid last name", input: { ...ok, lastName: "x".repeat(51) }, want: "invalid_last_name" },
    { case: "terms not accepted", input: { ...ok, termsAccepted: false }, want: "terms_required" },
  ])("$case → $want", ({ input, want }) => {
    expect(welcomeFormRefusal(input)).toBe(want);
  });
});
