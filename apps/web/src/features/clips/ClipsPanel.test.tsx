// @vitest-environment happy-dom
import type { EventRole } from "@onstage/domain";
import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, test, vi } from "vitest";
import { clipFixture } from "../../testing/clipFixture";
import { mine, setUp, theirs } from "./clipsPanelHarness";

// Spec 3 §2, §6: the clips panel as hosts and guests see it, its Clip button and its actions.

afterEach(() => vi.restoreAllMocks());

describe("the list", () => {
  test("clips by start_time (the server's order), with author, length, and analytics for hosts with their tooltip", async () => {
    setUp({
      clips: [theirs, mine],
      analytics: { "1": { views: 3, registrations: 1 }, "2": { views: 1, registrations: 0 } },
    });
    const items = await screen.findAllByRole("listitem");
    expect(items.map((item) => within(item).getByRole("heading").textContent)).toEqual([
      "Early moment",
      "Late moment",
    ]);
    const late = within(items[1] as HTMLElement);
    expect(late.getByText(/Me Myself · 0:30 from 5:00/)).toBeTruthy();
    expect(late.getByText("3 views")).toBeTruthy();
    expect(late.getByText("1 registration")).toBeTruthy();
    expect(late.getByText("3 views").parentElement?.getAttribute("aria-describedby")).toBeTruthy();
    expect(late.getByRole("tooltip", { hidden: true }).textContent).toBe("Analytics only visible to hosts");
  });

  test("a guest sees no analytics, and manages only their own clip", async () => {
    setUp({ role: { event: "guest" }, clips: [mine, theirs] });
    await screen.findByRole("button", { name: "Share Late moment" });
    expect(screen.queryByText(/views?$/)).toBeNull();
    for (const action of ["Download", "Rename", "Delete"]) {
      expect(screen.getByRole("button", { name: `${action} Late moment` })).toBeTruthy();
      expect(screen.queryByRole("button", { name: `${action} Early moment` })).toBeNull();
    }
    expect(screen.getByRole("link", { name: "Open Early moment" }).getAttribute("href")).toBe(
      `/clips/${theirs.slug}`,
    );
    expect(screen.getByRole("link", { name: "Open Early moment" }).getAttribute("target")).toBe("_blank");
  });

  test.each([
    {
      case: "a team member",
      role: { event: "moderator" as EventRole },
      want: "Drive more registrations with clips",
    },
    { case: "a guest", role: { event: "guest" as EventRole }, want: "Share your favorite moments" },
  ])("no clips, for $case: '$want'", async ({ role, want }) => {
    setUp({ role });
    expect(await screen.findByRole("heading", { name: want })).toBeTruthy();
  });

  test("a clip being cut shows its progress; a failed one its error", async () => {
    setUp({
      clips: [
        clipFixture({
          id: 1,
          title: "Cutting",
          render: { state: "rendering", progress: 0.4, error: null },
          videoUrl: null,
        }),
        clipFixture({
          id: 2,
          title: "Broken",
          startTime: 500,
          render: { state: "failed", progress: 0, error: "The recording could not be read" },
        }),
      ],
    });
    expect(((await screen.findByLabelText("Cutting Cutting")) as HTMLProgressElement).value).toBe(40);
    expect(screen.getByText("The recording could not be read")).toBeTruthy();
    // Not cut yet: no page to open, share or download.
    expect(screen.queryByRole("button", { name: "Share Cutting" })).toBeNull();
    expect(screen.queryByRole("button", { name: "Download Cutting" })).toBeNull();
  });
});

describe("the Clip button (spec 2 §2, §5; spec 3 §2)", () => {
  const live = { state: "broadcasting" as const };
  const stream = (activeState: "streaming" | "ended", isRecording: boolean) => ({
    id: 4,
    sessionId: 7,
    activeState,
    isRecording,
    livePlaybackUrl: null,
    vodPlaybackUrl: null,
    broadcastStartedAt: null,
    broadcastEndedAt: null,
    deletedAt: null,
    countdownElapsedMs: null,
  });
  test.each([
    { case: "recording", session: live, playback: { stream: stream("streaming", true) }, want: null },
    {
      case: "RTMP mode",
      session: { ...live, broadcastType: "rtmp" as const },
      playback: {},
      want: "Clipping is currently not supported in RTMP mode",
    },
    {
      case: "recording paused",
      session: live,
      playback: { stream: stream("streaming", false) },
      want: "Clipping is disabled when not recording",
    },
    {
      case: "nothing recorded",
      session: live,
      playback: { vodUrl: null },
      want: "Clipping will be available if session is recorded.",
    },
  ])("$case: $want", async ({ session, playback, want }) => {
    setUp({ session, playback });
    if (want) expect(await screen.findByText(want)).toBeTruthy();
    const clip = () => screen.getByRole("button", { name: "Clip" }) as HTMLButtonElement;
    await waitFor(() => expect(clip().disabled).toBe(want !== null));
  });
});

describe("the actions", () => {
  test("Play starts the replay at start_time (?clip_start_time=)", async () => {
    const { location } = setUp({ clips: [mine] });
    await userEvent.click(await screen.findByRole("button", { name: "Play Late moment" }));
    expect(location.history?.at(-1)).toBe("/c/launch/abc?clip_start_time=300");
  });

  test("Play is hidden while the session is broadcasting", async () => {
    setUp({ clips: [mine], session: { state: "broadcasting" } });
    await screen.findByRole("button", { name: "Share Late moment" });
    expect(screen.queryByRole("button", { name: "Play Late moment" })).toBeNull();
  });

  test("Download asks the server where the file is, then the browser saves it", async () => {
    const click = vi.spyOn(HTMLAnchorElement.prototype, "click").mockImplementation(() => {});
    const { api } = setUp({
      clips: [mine],
      answer: ({ path }) =>
        path === `/api/clip/${mine.slug}/download`
          ? { status: 200, body: { url: `/api/clip/${mine.slug}/file`, fileName: "Late moment.mp4" } }
          : undefined,
    });
    await userEvent.click(await screen.findByRole("button", { name: "Download Late moment" }));
    await waitFor(() => expect(click).toHaveBeenCalledOnce());
    const link = click.mock.contexts[0] as HTMLAnchorElement;
    expect(link.getAttribute("href")).toBe(`/api/clip/${mine.slug}/file`);
    expect(link.download).toBe("Late moment.mp4");
    expect(api.of("GET", `/api/clip/${mine.slug}/download`)).toHaveLength(1);
  });

  test("Delete asks first, then the clip leaves the list", async () => {
    const { api } = setUp({
      clips: [mine],
      answer: ({ path }) =>
        path === "/api/clips/delete" ? { status: 200, body: { status: "ok" } } : undefined,
    });
    await userEvent.click(await screen.findByRole("button", { name: "Delete Late moment" }));
    const dialog = screen.getByRole("dialog", { name: "Delete clip?" });
    await userEvent.click(within(dialog).getByRole("button", { name: "Delete clip" }));
    await waitFor(() => expect(screen.queryByRole("heading", { name: "Late moment" })).toBeNull());
    expect(api.of("POST", "/api/clips/delete")[0]?.body).toEqual({ clip_id: 1, event_id: 3 });
  });

  test("Rename sends the new title and shows it", async () => {
    const { api } = setUp({
      clips: [mine],
      answer: ({ path }) =>
        path === "/api/clips/rename"
          ? { status: 200, body: { clip: { ...mine, title: "Best moment" } } }
          : undefined,
    });
    await userEvent.click(await screen.findByRole("button", { name: "Rename Late moment" }));
    const title = screen.getByLabelText("Title");
    await userEvent.clear(title);
    await userEvent.type(title, "Best moment");
    await userEvent.click(screen.getByRole("button", { name: "Save" }));
    expect(await screen.findByRole("heading", { name: "Best moment" })).toBeTruthy();
    expect(api.of("POST", "/api/clips/rename")[0]?.body).toEqual({ id: 1, title: "Best moment" });
  });
});
