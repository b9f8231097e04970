// @vitest-environment happy-dom
import { fireEvent, screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, test, vi } from "vitest";
import { renderWithQueries, type StubAnswer, stubApi } from "../../testing/apiStub";
import { clipFixture, recordingPlaylist } from "../../testing/clipFixture";
import { CreateClipDialog } from "./CreateClipDialog";

// Spec 2 §5, §9: the range over the playlist window around the current point, clamped to 60 s; a title;
// the server's refusal in its own words.

function setUp(
  pointSeconds: number | null,
  answer: StubAnswer = { status: 200, body: { clip: clipFixture() } },
) {
  const api = stubApi((request) => (/\.m3u8(\?|$)/.test(request.path) ? recordingPlaylist(1_000) : answer));
  const onOpenChange = vi.fn();
  renderWithQueries(
    <CreateClipDialog
      open
      onOpenChange={onOpenChange}
      sessionId={7}
      eventId={3}
      vodUrl="/hls/rec/index.m3u8"
      pointSeconds={pointSeconds}
    />,
  );
  return { api, onOpenChange };
}

/** The recording's playlist read (1,000 s): the range is offered. */
const recordingLoaded = () => screen.findByRole("slider", { name: "Start" });

const field = (name: "Start" | "End") => screen.getByRole("slider", { name }) as HTMLInputElement;
const create = () => screen.getByRole("button", { name: "Create clip" }) as HTMLButtonElement;

describe("the range (spec 2 §9)", () => {
  test.each([
    {
      case: "a replay at 8:20: the 30 s before it",
      point: 500,
      window: ["350", "650"],
      range: ["470", "500"],
      clocks: ["7:50", "8:20"],
    },
    {
      case: "live: the recording's last 30 s",
      point: null,
      window: ["700", "1000"],
      range: ["970", "1000"],
      clocks: ["16:10", "16:40"],
    },
  ])("$case", async ({ point, window, range, clocks }) => {
    setUp(point);
    expect(create().disabled).toBe(true);
    await recordingLoaded();
    expect([field("Start").min, field("Start").max]).toEqual(window);
    expect([field("Start").value, field("End").value]).toEqual(range);
    expect([
      field("Start").getAttribute("aria-valuetext"),
      field("End").getAttribute("aria-valuetext"),
    ]).toEqual(clocks);
    expect(create().disabled).toBe(false);
  });

  test.each([
    {
      case: "the start moved past end - 60 pulls the end",
      move: "Start" as const,
      to: "380",
      want: ["380", "440"],
    },
    {
      case: "the end moved past start + 60 pulls the start",
      move: "End" as const,
      to: "600",
      want: ["540", "600"],
    },
    {
      case: "the end before the start pushes the start",
      move: "End" as const,
      to: "400",
      want: ["399", "400"],
    },
  ])("$case", async ({ move, to, want }) => {
    setUp(500);
    await recordingLoaded();
    fireEvent.change(field(move), { target: { value: to } });
    expect([field("Start").value, field("End").value]).toEqual(want);
  });
});

describe("creating", () => {
  test("a title is required", async () => {
    const { api } = setUp(500);
    await recordingLoaded();
    await userEvent.click(create());
    expect(screen.getByText("Please give the clip a title").getAttribute("role")).toBe("alert");
    expect(api.of("POST", "/api/clips")).toHaveLength(0);
  });

  test("Create clip sends the range in the recording's seconds, then the dialog closes", async () => {
    const { api, onOpenChange } = setUp(500);
    await recordingLoaded();
    await userEvent.type(screen.getByLabelText("Title"), "  The big reveal ");
    await userEvent.click(create());
    await waitFor(() => expect(onOpenChange).toHaveBeenCalledWith(false));
    expect(api.of("POST", "/api/clips")[0]?.body).toEqual({
      video_session_id: 7,
      event_id: 3,
      title: "The big reveal",
      start_time: 470,
      end_time: 500,
    });
  });

  test("the server's refusal shows in the dialog, in the spec's words", async () => {
    const message = "Clipping is disabled when not recording";
    const { onOpenChange } = setUp(null, {
      status: 400,
      body: { error: { code: "recording_paused", message } },
    });
    await recordingLoaded();
    await userEvent.type(screen.getByLabelText("Title"), "Now");
    await userEvent.click(create());
    expect((await screen.findByText(message)).getAttribute("role")).toBe("alert");
    expect(onOpenChange).not.toHaveBeenCalled();
  });
});
