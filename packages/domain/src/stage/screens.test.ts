import { describe, expect, test } from "vitest";
import { type SessionScreenInput, sessionScreen } from "./screens";

const audience = { isStageMember: false, streamState: null, hasRecording: false } as const;
const member = { ...audience, isStageMember: true } as const;

describe("sessionScreen", () => {
  test.each<[string, SessionScreenInput, ReturnType<typeof sessionScreen>]>([
    ["scheduled, audience", { ...audience, state: "scheduled" }, "before_start"],
    ["scheduled, stage member", { ...member, state: "scheduled" }, "before_start"],
    ["greenroom, audience", { ...audience, state: "greenroom" }, "greenroom"],
    ["greenroom, stage member", { ...member, state: "greenroom" }, "stage"],
    ["broadcasting, no stream yet", { ...audience, state: "broadcasting" }, "greenroom"],
    [
      "broadcasting, countdown",
      { ...audience, state: "broadcasting", streamState: "countdown" },
      "greenroom",
    ],
    ["broadcasting, recording", { ...audience, state: "broadcasting", streamState: "recording" }, "live"],
    ["broadcasting, streaming", { ...audience, state: "broadcasting", streamState: "streaming" }, "live"],
    [
      "broadcasting, stream failed",
      { ...audience, state: "broadcasting", streamState: "error" },
      "greenroom",
    ],
    ["broadcasting, stream ended", { ...audience, state: "broadcasting", streamState: "ended" }, "greenroom"],
    ["broadcasting, stage member", { ...member, state: "broadcasting", streamState: "streaming" }, "stage"],
    ["postevent, recorded", { ...audience, state: "postevent", hasRecording: true }, "replay"],
    ["postevent, not recorded", { ...audience, state: "postevent" }, "thank_you"],
    ["ended, recorded", { ...audience, state: "ended", streamState: "ended", hasRecording: true }, "replay"],
    ["ended, not recorded", { ...audience, state: "ended", streamState: "ended" }, "thank_you"],
    ["ended, stage member, recorded", { ...member, state: "ended", hasRecording: true }, "replay"],
    ["postevent, stage member, not recorded", { ...member, state: "postevent" }, "thank_you"],
  ])("%s", (_name, input, screen) => {
    expect(sessionScreen(input)).toBe(screen);
  });
});
