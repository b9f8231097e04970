// @vitest-environment happy-dom
import { cleanup, fireEvent, render, screen, waitFor } from "@testing-library/react";
import { useState } from "react";
import { afterEach, expect, test } from "vitest";
import { Dialog } from "./Dialog";

afterEach(cleanup);

/** A dialog opened by a plain button, as the app's menus open theirs (no Radix Trigger). */
function Opener() {
  const [open, setOpen] = useState(false);
  return (
    <>
      <button type="button" onClick={() => setOpen(true)}>
        Templates
      </button>
      <Dialog open={open} onOpenChange={setOpen} title="Templates" description="Saved brands">
        <button type="button">Save</button>
      </Dialog>
    </>
  );
}

test("closing a dialog gives the focus back to what opened it", async () => {
  render(<Opener />);
  const opener = screen.getByRole("button", { name: "Templates" });
  opener.focus();
  fireEvent.click(opener);
  const dialog = await screen.findByRole("dialog", { name: "Templates" });
  await waitFor(() => expect(dialog.contains(document.activeElement)).toBe(true));
  fireEvent.keyDown(document.activeElement ?? document.body, { key: "Escape" });
  await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
  await waitFor(() => expect(document.activeElement).toBe(opener));
});
