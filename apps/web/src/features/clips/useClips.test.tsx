// @vitest-environment happy-dom
import { screen, waitFor } from "@testing-library/react";
import { afterEach, describe, expect, test, vi } from "vitest";
import { toast } from "../../ui/toast";
import { ME, mine, OTHER, setUp, theirs } from "./clipsPanelHarness";

// Spec 3 §2, §8: the session topic's clip changes reach the panel's list, and the viewer's own clip
// turning ready brings its toast.

afterEach(() => vi.restoreAllMocks());

describe("the session topic's clip changes", () => {
  const cutting = {
    ...mine,
    render: { state: "rendering" as const, progress: 0.2, error: null },
    videoUrl: null,
  };

  test("a new clip, its progress and its deletion arrive without a refetch", async () => {
    const { api, realtime } = setUp({ clips: [theirs] });
    await screen.findByRole("heading", { name: "Early moment" });
    await waitFor(() => expect(realtime.isFollowed("session:7")).toBe(true));
    const reads = api.of("GET", "/api/clips?video_session_id=7").length;
    realtime.emit("session:7", { kind: "change", table: "clips", event: "INSERT", payload: cutting });
    expect(await screen.findByRole("heading", { name: "Late moment" })).toBeTruthy();
    realtime.emit("session:7", {
      kind: "change",
      table: "clips",
      event: "UPDATE",
      payload: { ...cutting, render: { ...cutting.render, progress: 0.7 } },
    });
    await waitFor(() =>
      expect((screen.getByLabelText("Cutting Late moment") as HTMLProgressElement).value).toBe(70),
    );
    realtime.emit("session:7", { kind: "change", table: "clips", event: "DELETE", payload: { id: 2 } });
    await waitFor(() => expect(screen.queryByRole("heading", { name: "Early moment" })).toBeNull());
    expect(api.of("GET", "/api/clips?video_session_id=7")).toHaveLength(reads);
  });

  test.each([
    { case: "my clip turning ready brings the toast", clip: cutting, author: ME, toasts: 1 },
    {
      case: "someone else's clip does not",
      clip: { ...cutting, user: { id: OTHER, fullName: "Bo" } },
      author: OTHER,
      toasts: 0,
    },
  ])("$case", async ({ clip, toasts }) => {
    const success = vi.spyOn(toast, "success").mockImplementation(() => {});
    const { realtime } = setUp({
      clips: [clip],
      answer: ({ path }) =>
        path === `/api/clip/${mine.slug}/download`
          ? { status: 200, body: { url: `/api/clip/${mine.slug}/file`, fileName: "Late moment.mp4" } }
          : undefined,
    });
    await screen.findByRole("heading", { name: "Late moment" });
    await waitFor(() => expect(realtime.isFollowed("session:7")).toBe(true));
    realtime.emit("session:7", {
      kind: "change",
      table: "clips",
      event: "UPDATE",
      payload: { ...clip, render: { state: "ready", progress: 1, error: null }, videoUrl: "/files/1.mp4" },
    });
    expect(await screen.findByRole("button", { name: "Share Late moment" })).toBeTruthy();
    await waitFor(() => expect(success).toHaveBeenCalledTimes(toasts));
    if (toasts) {
      expect(success).toHaveBeenCalledWith(
        "Your clip is ready",
        expect.objectContaining({ durationMs: 10_000, id: "clip-ready-1" }),
      );
    }
  });
});
