// @vitest-environment happy-dom
import { screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, test } from "vitest";
import { Router } from "wouter";
import { memoryLocation } from "wouter/memory-location";
import { renderWithQueries, stubApi } from "../../testing/apiStub";
import { AccountMenu } from "../account/AccountMenu";
import { SignInDialogHost } from "./SignInDialogHost";

function page() {
  stubApi((request) =>
    request.path === "/api/me" ? { status: 200, body: { user: null } } : { status: 404 },
  );
  const Page = () => (
    <>
      <AccountMenu user={null} isPending={false} />
      <SignInDialogHost />
    </>
  );
  const location = memoryLocation({ path: "/", record: true });
  renderWithQueries(
    <Router hook={location.hook}>
      <Page />
    </Router>,
  );
  return location;
}

describe("the sign-in dialog loads when it is opened (issue 14)", () => {
  test("the Sign in link opens the dialog, its code loaded on demand", async () => {
    const location = page();
    expect(screen.queryByRole("dialog")).toBeNull();
    await userEvent.click(screen.getByRole("link", { name: "Sign in" }));
    expect(location.history?.at(-1)).toBe("/?sign_in=true");
    // The dialog's module is imported on demand, which takes a while on a loaded machine.
    expect(await screen.findByRole("dialog", { name: "Sign in" }, { timeout: 10_000 })).toBeTruthy();
  });
});
