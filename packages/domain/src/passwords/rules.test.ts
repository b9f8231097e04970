import { describe, expect, it } from "vitest";
import { isRefusedPasswordStrength, passwordStrength, passwordStrengthHint } from "./rules";

describe("passwordStrength (the server's weak_password rule, told while typing)", () => {
  it.each([
    { case: "nothing typed", password: "", score: null, want: "not_rated" },
    { case: "7 characters", password: "abcdefg", score: 4, want: "too_short" },
    { case: "8 characters, a common pattern", password: "password", score: 0, want: "too_guessable" },
    { case: "score 1", password: "password1", score: 1, want: "too_guessable" },
    { case: "score 2", password: "correct horse", score: 2, want: "strong_enough" },
    { case: "long enough, estimator loading", password: "abcdefgh", score: null, want: "not_rated" },
  ] as const)("$case → $want", ({ password, score, want }) => {
    expect(passwordStrength(password, score)).toBe(want);
  });
});

describe("isRefusedPasswordStrength", () => {
  it.each([
    { strength: "not_rated", want: false },
    { strength: "too_short", want: true },
    { strength: "too_guessable", want: true },
    { strength: "strong_enough", want: false },
  ] as const)("$strength → $want", ({ strength, want }) => {
    expect(isRefusedPasswordStrength(strength)).toBe(want);
  });
});

describe("passwordStrengthHint", () => {
  it.each([
    { strength: "not_rated", want: "At least 8 characters, and not a common word or pattern." },
    { strength: "too_short", want: "Too short. At least 8 characters, and not a common word or pattern." },
    {
      strength: "too_guessable",
      want: "Too easy to guess. At least 8 characters, and not a common word or pattern.",
    },
    { strength: "strong_enough", want: "Strong enough." },
  ] as const)("$strength → $want", ({ strength, want }) => {
    expect(passwordStrengthHint(strength)).toBe(want);
  });
});
