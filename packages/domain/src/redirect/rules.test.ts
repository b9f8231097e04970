import { describe, expect, test } from "vitest";
import { isSafeRedirect, safeRedirect } from "./rules";

describe("safeRedirect", () => {
  test.each([
    { case: "a plain path", target: "/c/abc", want: "/c/abc" },
    { case: "query and fragment kept", target: "/c/abc?register=true#x", want: "/c/abc?register=true#x" },
    { case: "dot segments resolved", target: "/a/../c/abc", want: "/c/abc" },
    { case: "dot then double slash", target: "/.//evil.example", want: "/evil.example" },
    { case: "protocol-relative", target: "//evil.example", want: "/" },
    { case: "backslash", target: "/\\evil.example", want: "/" },
    { case: "tab inside the slashes", target: "/\t/evil.example", want: "/" },
    { case: "newline inside the slashes", target: "/\n/evil.example", want: "/" },
    { case: "absolute URL", target: "https://evil.example/", want: "/" },
    { case: "javascript scheme", target: "javascript:alert(1)", want: "/" },
    { case: "relative path", target: "c/abc", want: "/" },
    { case: "empty", target: "", want: "/" },
    { case: "missing", target: undefined, want: "/" },
    { case: "encoded slashes stay encoded", target: "/%2F%2Fevil.example", want: "/%2F%2Fevil.example" },
  ])("$case → $want", ({ target, want }) => {
    expect(safeRedirect(target)).toBe(want);
  });

  test("the fallback is the caller's", () => {
    expect(safeRedirect("//evil.example", "/dash")).toBe("/dash");
  });

  test.each([
    { target: "/c/abc?x=1", want: true },
    { target: "/.//evil.example", want: false },
    { target: "//evil.example", want: false },
    { target: "/c/a b", want: false },
  ])("isSafeRedirect($target) → $want", ({ target, want }) => {
    expect(isSafeRedirect(target)).toBe(want);
  });
});
