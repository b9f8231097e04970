// @vitest-environment happy-dom
import { cleanup, fireEvent, render, screen } from "@testing-library/react";
import { afterEach, expect, test, vi } from "vitest";
import { OfferForm } from "./OfferForm";

afterEach(cleanup);

const UNSECURE = 'You\'ve entered an unsecure URL. Please enter a URL that start with "HTTPS".';

function form() {
  const onSubmit = vi.fn(async () => {});
  render(<OfferForm submitLabel="Add" isPending={false} onSubmit={onSubmit} />);
  const type = (label: string, value: string) =>
    fireEvent.change(screen.getByLabelText(label), { target: { value } });
  const add = () => screen.getByRole("button", { name: "Add" }) as HTMLButtonElement;
  return { onSubmit, type, add };
}

test.each([
  { label: "", url: "", disabled: true, message: null },
  { label: "Get the deck", url: "", disabled: true, message: null },
  { label: "", url: "https://onstage.test", disabled: true, message: null },
  { label: "Get the deck", url: "onstage.test", disabled: true, message: "Please enter a valid URL" },
  { label: "Get the deck", url: "http://onstage.test", disabled: true, message: UNSECURE },
  { label: "Get the deck", url: "https://onstage.test/deck", disabled: false, message: null },
])(
  "label '$label', link '$url': Add disabled $disabled, says $message",
  ({ label, url, disabled, message }) => {
    const { type, add } = form();
    type("Button label", label);
    type("Link", url);
    expect(add().disabled).toBe(disabled);
    if (message) {
      expect(screen.getByText(message)).toBeTruthy();
      expect(screen.getByLabelText("Link").getAttribute("aria-invalid")).toBe("true");
    } else expect(document.querySelector(".studio-error")).toBeNull();
  },
);

test("Add sends the label and the link, then empties the form", async () => {
  const { onSubmit, type, add } = form();
  type("Button label", "Get the deck");
  type("Link", "https://onstage.test/deck");
  fireEvent.click(add());
  expect(onSubmit).toHaveBeenCalledWith({ label: "Get the deck", url: "https://onstage.test/deck" });
  await vi.waitFor(() => expect((screen.getByLabelText("Link") as HTMLInputElement).value).toBe(""));
});
