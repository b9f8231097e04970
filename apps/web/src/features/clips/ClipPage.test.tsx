// @vitest-environment happy-dom
import { type ClipPage as ClipPageData, errorMessage } from "@onstage/domain";
import { fireEvent, screen, waitFor } from "@testing-library/react";
import { describe, expect, test } from "vitest";
import { Route, Router } from "wouter";
import { memoryLocation } from "wouter/memory-location";
import { notFound, renderWithQueries, stubApi } from "../../testing/apiStub";
import { clipFixture } from "../../testing/clipFixture";
import { ClipEmbedPage } from "./ClipEmbedPage";
import { ClipPage } from "./ClipPage";
import { EventClipDialog } from "./EventClipDialog";

// Spec 3 §2: the public clip page and its embed bring registrations to the event; a play counts a view
// (once per page: the server counts a viewer once an hour).

const clip = clipFixture({ id: 5, slug: "big-reveal-1a2b3c", title: "The big reveal" });
const PAGE: ClipPageData = {
  clip,
  event: {
    id: 3,
    title: "Spring launch",
    eventCode: "spring",
    organization: { name: "Acme", channelName: "acme" },
  },
};

function setUp(ui: React.ReactNode, path: string, found = true) {
  const api = stubApi(({ path: asked }) => {
    if (asked === "/api/me") return { status: 200, body: { user: null } };
    if (asked === "/api/clip/big-reveal-1a2b3c" || asked === "/api/clips/5")
      return found ? { status: 200, body: PAGE } : notFound("clip_not_found");
    if (asked === "/api/clip/big-reveal-1a2b3c/view") return { status: 200, body: { status: "ok" } };
    return { status: 404 };
  });
  const location = memoryLocation({ path });
  renderWithQueries(
    <Router hook={location.hook} searchHook={location.searchHook}>
      {ui}
    </Router>,
  );
  return api;
}

const page = <Route path="/clips/:slug" component={ClipPage} />;
const embed = <Route path="/embed/clips/:slug" component={ClipEmbedPage} />;

describe("the clip page and its embed", () => {
  test.each([
    { case: "the page", ui: page, path: "/clips/big-reveal-1a2b3c", target: null },
    {
      case: "the embed: registering opens a new tab",
      ui: embed,
      path: "/embed/clips/big-reveal-1a2b3c",
      target: "_blank",
    },
  ])("$case: the clip's video, title and a Register link to the event", async ({ ui, path, target }) => {
    setUp(ui, path);
    expect(await screen.findByRole("heading", { name: "The big reveal" })).toBeTruthy();
    const video = screen.getByLabelText("The big reveal");
    expect(video.getAttribute("src")).toBe(clip.videoUrl);
    expect(video.getAttribute("poster")).toBe(clip.thumbnailUrl);
    const register = screen.getByRole("link", { name: "Register" });
    expect(register.getAttribute("href")).toBe("/c/spring?clip_id=5&register=true");
    expect(register.getAttribute("target")).toBe(target);
  });

  test.each([
    { case: "the page", ui: page, path: "/clips/big-reveal-1a2b3c" },
    { case: "the embed", ui: embed, path: "/embed/clips/big-reveal-1a2b3c" },
  ])("$case counts a view when its video first plays", async ({ ui, path }) => {
    const api = setUp(ui, path);
    const video = await screen.findByLabelText("The big reveal");
    fireEvent.play(video);
    fireEvent.play(video);
    await waitFor(() => expect(api.of("POST", "/api/clip/big-reveal-1a2b3c/view")).toHaveLength(1));
  });

  test("an unknown clip: 'Clip not found'", async () => {
    setUp(page, "/clips/big-reveal-1a2b3c", false);
    expect(await screen.findByRole("heading", { name: "Clip not found" })).toBeTruthy();
    expect(screen.getByText(errorMessage("clip_not_found"))).toBeTruthy();
  });
});

describe("the event page's ?clip_id= (spec 1 §2)", () => {
  test("opens the clip in a dialog", async () => {
    setUp(<EventClipDialog />, "/c/spring?clip_id=5");
    expect(await screen.findByRole("dialog", { name: "The big reveal" })).toBeTruthy();
    expect(screen.getByLabelText("The big reveal", { selector: "video" }).getAttribute("src")).toBe(
      clip.videoUrl,
    );
  });

  test("a deleted clip says so", async () => {
    setUp(<EventClipDialog />, "/c/spring?clip_id=5", false);
    expect(await screen.findByText(errorMessage("clip_not_found"))).toBeTruthy();
  });
});
