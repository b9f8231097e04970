// @vitest-environment happy-dom
import { screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, test, vi } from "vitest";
import { renderWithQueries } from "../../testing/apiStub";
import { clipFixture } from "../../testing/clipFixture";
import { ShareClipDialog } from "./ShareClipDialog";

// Spec 3 §2: Twitter, Facebook, LinkedIn, copy link, copy embed code (an iframe 100% wide, 800 high).

const clip = clipFixture({ slug: "big-reveal-1a2b3c", title: "The big reveal" });

function setUp() {
  const writeText = vi.fn(async (_text: string) => {});
  Object.defineProperty(navigator, "clipboard", { value: { writeText }, configurable: true });
  renderWithQueries(<ShareClipDialog clip={clip} onClose={() => {}} />);
  const origin = window.location.origin;
  return { writeText, origin, pageUrl: encodeURIComponent(`${origin}/clips/big-reveal-1a2b3c`) };
}

describe("the share dialog", () => {
  test.each([
    {
      name: "Share on Twitter",
      want: (url: string) => `https://twitter.com/intent/tweet?url=${url}&text=The%20big%20reveal`,
    },
    {
      name: "Share on Facebook",
      want: (url: string) => `https://www.facebook.com/sharer/sharer.php?u=${url}`,
    },
    {
      name: "Share on LinkedIn",
      want: (url: string) => `https://www.linkedin.com/sharing/share-offsite/?url=${url}`,
    },
  ])("$name opens the network's share page in a new tab", ({ name, want }) => {
    const { pageUrl } = setUp();
    const link = screen.getByRole("link", { name });
    expect(link.getAttribute("href")).toBe(want(pageUrl));
    expect(link.getAttribute("target")).toBe("_blank");
  });

  test.each([
    { button: "Copy link", want: (origin: string) => `${origin}/clips/big-reveal-1a2b3c` },
    {
      button: "Copy embed code",
      want: (origin: string) =>
        `<iframe src="${origin}/embed/clips/big-reveal-1a2b3c" width="100%" height="800" frameborder="0" allow="autoplay; fullscreen" allowfullscreen title="The big reveal"></iframe>`,
    },
  ])("$button copies it", async ({ button, want }) => {
    const { writeText, origin } = setUp();
    await userEvent.click(screen.getByRole("button", { name: button }));
    await waitFor(() => expect(writeText).toHaveBeenCalledWith(want(origin)));
  });
});
