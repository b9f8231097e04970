import { describe, expect, test } from "vitest";
import { NAME_MAX_CHARS } from "../constants";
import { firstNameRefusal, isValidEmail, nameRefusal, normaliseEmail } from "./rules";

const longest = "a".repeat(NAME_MAX_CHARS);

describe("firstNameRefusal (spec 1 §5: 'http' or too long is 'Bad request')", () => {
  test.each([
    { case: "plain name", name: "Ada", want: null },
    { case: "at the maximum length", name: longest, want: null },
    { case: "longer than the maximum", name: `${longest}a`, want: "bad_request" },
    { case: "contains http", name: "http://spam.example", want: "bad_request" },
    { case: "contains HTTP in capitals", name: "Visit HTTPS now", want: "bad_request" },
    { case: "empty", name: "", want: "bad_request" },
    { case: "only spaces", name: "   ", want: "bad_request" },
  ])("$case → $want", ({ name, want }) => {
    expect(firstNameRefusal(name)).toBe(want);
  });
});

describe("nameRefusal (spec 2 §5 welcome form)", () => {
  test.each([
    { case: "valid first", value: "Ada", which: "first" as const, want: null },
    { case: "valid last", value: "Lovelace", which: "last" as const, want: null },
    { case: "first with http", value: "http", which: "first" as const, want: "invalid_first_name" },
    { case: "last with http", value: "ahttpb", which: "last" as const, want: "invalid_last_name" },
    { case: "first too long", value: `${longest}x`, which: "first" as const, want: "invalid_first_name" },
    { case: "last too long", value: `${longest}x`, which: "last" as const, want: "invalid_last_name" },
    { case: "last empty", value: "", which: "last" as const, want: "invalid_last_name" },
  ])("$case → $want", ({ value, which, want }) => {
    expect(nameRefusal(value, which)).toBe(want);
  });
});

describe("normaliseEmail and isValidEmail (spec 1 §5)", () => {
  test.each([
    { case: "lower-cased and trimmed", input: "  Ada@Example.COM ", normal: "ada@example.com", valid: true },
    { case: "plus address", input: "ada+events@example.com", normal: "ada+events@example.com", valid: true },
    { case: "no at sign", input: "ada.example.com", normal: "ada.example.com", valid: false },
    { case: "no domain dot", input: "ada@example", normal: "ada@example", valid: false },
    { case: "nothing before the at", input: "@example.com", normal: "@example.com", valid: false },
    {
      case: "space inside",
      input: "ada lovelace@example.com",
      normal: "ada lovelace@example.com",
      valid: false,
    },
    { case: "two at signs", input: "a@b@example.com", normal: "a@b@example.com", valid: false },
    { case: "empty", input: "", normal: "", valid: false },
  ])("$case", ({ input, normal, valid }) => {
    expect(normaliseEmail(input)).toBe(normal);
    expect(isValidEmail(input)).toBe(valid);
  });
});
