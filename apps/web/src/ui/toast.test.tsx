// @vitest-environment happy-dom
import { act, cleanup, render, screen } from "@testing-library/react";
import { afterEach, describe, expect, test } from "vitest";
import { Toaster, toast } from "./toast";

afterEach(cleanup);

describe("toasts load their library on first use (issue 14)", () => {
  test("a toast shown before the toaster has loaded still appears", async () => {
    render(<Toaster />);
    expect(document.querySelector("[data-sonner-toaster]")).toBeNull();
    act(() => toast.success("Email verified", { id: "verified", durationMs: 10_000 }));
    expect(await screen.findByText("Email verified")).toBeTruthy();
  });
});
