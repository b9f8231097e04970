import type { Clip, ClipsResponse } from "@onstage/domain";
import { describe, expect, test } from "vitest";
import { clipFixture } from "../../testing/clipFixture";
import { applyClipChange, type ClipChange, isOwnClipReady } from "./clipsCache";

// Spec 3 §2: the list stays sorted by start_time while the session topic's clip changes arrive.

const message = (event: ClipChange["event"], payload: Clip | { id: number }) =>
  ({ kind: "change", table: "clips", event, payload, topic: "session:7", seq: 5, at: "" }) as ClipChange;

const list = (clips: Clip[], analytics: ClipsResponse["analytics"] = null): ClipsResponse => ({
  clips,
  analytics,
});
const ids = (answer: ClipsResponse) => answer.clips.map((c) => c.id);

const early = clipFixture({ id: 1, startTime: 10 });
const late = clipFixture({ id: 2, startTime: 300 });

describe("applyClipChange", () => {
  test.each([
    {
      case: "a new clip takes its place by start_time",
      change: message("INSERT", clipFixture({ id: 3, startTime: 100 })),
      want: [1, 3, 2],
    },
    {
      case: "a new clip earlier than all comes first",
      change: message("INSERT", clipFixture({ id: 3, startTime: 0 })),
      want: [3, 1, 2],
    },
    {
      case: "an update replaces the clip in place",
      change: message("UPDATE", { ...early, title: "Renamed" }),
      want: [1, 2],
    },
    {
      case: "an insert already applied (own create) is not doubled",
      change: message("INSERT", late),
      want: [1, 2],
    },
    { case: "a deleted clip leaves", change: message("DELETE", { id: 1 }), want: [2] },
    { case: "an unknown deleted clip changes nothing", change: message("DELETE", { id: 9 }), want: [1, 2] },
  ])("$case", ({ change, want }) => {
    expect(ids(applyClipChange(list([early, late]), change))).toEqual(want);
  });

  test.each([
    {
      case: "who sees analytics: a new clip starts at zero",
      analytics: {},
      want: { "3": { views: 0, registrations: 0 } },
    },
    { case: "everyone else: still none", analytics: null, want: null },
  ])("$case", ({ analytics, want }) => {
    const answer = applyClipChange(list([], analytics), message("INSERT", clipFixture({ id: 3 })));
    expect(answer.analytics).toEqual(want);
  });

  test("an update keeps the clip's analytics", () => {
    const analytics = { "1": { views: 4, registrations: 1 } };
    const answer = applyClipChange(
      list([early], analytics),
      message("UPDATE", { ...early, title: "Renamed" }),
    );
    expect(answer.analytics).toEqual(analytics);
    expect(answer.clips[0]?.title).toBe("Renamed");
  });
});

describe("isOwnClipReady (spec 3 §8: the 'clip ready' toast)", () => {
  const rendering = clipFixture({ render: { state: "rendering", progress: 0.5, error: null } });
  const ready = clipFixture();
  test.each([
    {
      case: "my clip's cut finished",
      before: rendering as Clip | undefined,
      after: ready,
      viewer: 1 as number | null,
      want: true,
    },
    { case: "my clip, its insert missed", before: undefined, after: ready, viewer: 1, want: true },
    {
      case: "my ready clip renamed",
      before: ready,
      after: { ...ready, title: "New" },
      viewer: 1,
      want: false,
    },
    { case: "someone else's clip", before: rendering, after: ready, viewer: 2, want: false },
    {
      case: "still cutting",
      before: rendering,
      after: { ...rendering, render: { ...rendering.render, progress: 0.9 } },
      viewer: 1,
      want: false,
    },
    { case: "signed out", before: rendering, after: ready, viewer: null, want: false },
  ])("$case → $want", ({ before, after, viewer, want }) => {
    expect(isOwnClipReady(before, after, viewer)).toBe(want);
  });
});
