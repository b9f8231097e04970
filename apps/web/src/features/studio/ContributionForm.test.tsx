// @vitest-environment happy-dom
import { cleanup, fireEvent, render, screen } from "@testing-library/react";
import { afterEach, expect, test, vi } from "vitest";
import { Router } from "wouter";
import { ContributionForm } from "./ContributionForm";

afterEach(cleanup);

// Spec 3 §5 contribution CTA: the account first, a label required, the prompt optional, the event's
// currency by default.

function form(accountConnected: boolean) {
  const onSubmit = vi.fn(async () => {});
  render(
    <Router>
      <ContributionForm
        submitLabel="Add"
        defaultCurrency="EUR"
        accountConnected={accountConnected}
        isPending={false}
        onSubmit={onSubmit}
      />
    </Router>,
  );
  return onSubmit;
}

test("without a connected account: the spec's message and the way to /settings, no form", () => {
  form(false);
  expect(screen.getByText(/Please connect your payment account first/)).toBeTruthy();
  expect(screen.getByRole("link", { name: "Settings" }).getAttribute("href")).toBe("/settings?tab=payments");
  expect(screen.queryByRole("button", { name: "Add" })).toBeNull();
});

test("Add waits for a label; the prompt may stay empty; the currency is the event's unless chosen", async () => {
  const onSubmit = form(true);
  const add = screen.getByRole("button", { name: "Add" }) as HTMLButtonElement;
  expect(add.disabled).toBe(true);
  expect((screen.getByLabelText("Prompt (optional)") as HTMLInputElement).placeholder).toBe("Thank you");
  expect((screen.getByLabelText("Currency") as HTMLSelectElement).value).toBe("EUR");
  fireEvent.change(screen.getByLabelText("Button label"), { target: { value: "  " } });
  expect(add.disabled).toBe(true);
  fireEvent.change(screen.getByLabelText("Button label"), { target: { value: "Tip the band" } });
  fireEvent.change(screen.getByLabelText("Currency"), { target: { value: "GBP" } });
  fireEvent.click(add);
  expect(onSubmit).toHaveBeenCalledWith({ label: "Tip the band", prompt: "", currency: "GBP" });
});
