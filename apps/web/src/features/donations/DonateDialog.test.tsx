// @vitest-environment happy-dom
import { fireEvent, screen, waitFor } from "@testing-library/react";
import { expect, test, vi } from "vitest";
import { renderWithQueries, stubApi } from "../../testing/apiStub";
import { DonateDialog } from "./DonateDialog";

// Spec 2 §4, §5: the amount is checked as typed, the payment opens in another window, check-status is
// polled until paid, then the thanks show; a failed payment says so and lets the viewer try again.

const OFFER = { elementId: 9, label: "Tip the band", prompt: "Every bit helps", currency: "EUR" };
const LINK = "http://onstage.test/payments/test-checkout/test_cs_x";

function setUp(statuses: string[]) {
  const popup = { opener: {}, location: { href: "" }, close: vi.fn() };
  vi.stubGlobal(
    "open",
    vi.fn(() => popup),
  );
  const api = stubApi(({ path }) => {
    if (path === "/api/stripe/create-donation-link")
      return { status: 200, body: { donationLink: LINK, client_reference_id: "don_abc" } };
    return { status: 200, body: { transaction_status: statuses.shift() ?? "pending" } };
  });
  renderWithQueries(<DonateDialog open onOpenChange={() => {}} offer={OFFER} sessionId={3} userId={5} />);
  const amount = screen.getByLabelText("Amount (EUR)");
  const pay = () => screen.getByRole("button", { name: "Continue to payment" }) as HTMLButtonElement;
  return { api, popup, amount, pay };
}

test.each([
  { typed: "", disabled: true, message: null },
  { typed: "ten", disabled: true, message: "Please enter an amount" },
  { typed: "0.5", disabled: true, message: "The smallest contribution is 1.00" },
  { typed: "10000.01", disabled: true, message: "The largest contribution is 10,000.00" },
  { typed: "12,345", disabled: false, message: null },
])("'$typed': Continue disabled $disabled, says $message", ({ typed, disabled, message }) => {
  const { amount, pay } = setUp([]);
  fireEvent.change(amount, { target: { value: typed } });
  expect(pay().disabled).toBe(disabled);
  if (message) expect(screen.getByText(message)).toBeTruthy();
});

test("the payment opens in another window; polled until paid, then the thanks", async () => {
  const { api, popup, amount, pay } = setUp(["pending", "paid"]);
  expect(screen.getByText("Every bit helps")).toBeTruthy();
  fireEvent.change(amount, { target: { value: "12.345" } });
  fireEvent.click(pay());
  await waitFor(() => expect(popup.location.href).toBe(LINK));
  expect(popup.opener).toBeNull();
  expect(api.of("POST", "/api/stripe/create-donation-link")[0]?.body).toEqual({
    user_id: 5,
    video_session_id: 3,
    donation_amount: 12.35,
    custom_element_id: 9,
  });
  expect(await screen.findByText(/Finish paying €12.35 in the other window/)).toBeTruthy();
  expect(await screen.findByText("Thank you!", {}, { timeout: 4_000 })).toBeTruthy();
  expect(api.of("POST", "/api/transactions/check-status").length).toBeGreaterThanOrEqual(2);
});

test("a payment that expired says so, and Try again starts over", async () => {
  const { amount, pay } = setUp(["expired"]);
  fireEvent.change(amount, { target: { value: "5" } });
  fireEvent.click(pay());
  expect(await screen.findByText("Your payment did not go through, and nothing was charged.")).toBeTruthy();
  fireEvent.click(screen.getByRole("button", { name: "Try again" }));
  expect(screen.getByLabelText("Amount (EUR)")).toBeTruthy();
});
