import { describe, expect, test } from "vitest";
import { viewerFlags } from "../roles/rules";
import type { EventRole, OrgRole, SessionState } from "../vocabulary";
import { mayJoinStage, showsStage, stageIsOpen, stageRights } from "./rules";

const SESSION = 7;
const flagsOf = (
  eventRole: EventRole | null,
  orgRole: OrgRole | null = null,
  speakerSessionIds = [SESSION],
) => viewerFlags({ userId: 1, eventRole, orgRole, speakerSessionIds }, SESSION);

describe("mayJoinStage", () => {
  test.each([
    { who: "event host", flags: flagsOf("host"), may: true },
    { who: "event owner", flags: flagsOf("owner"), may: true },
    { who: "event admin", flags: flagsOf("admin"), may: true },
    { who: "event moderator", flags: flagsOf("moderator"), may: true },
    { who: "speaker of this session", flags: flagsOf("speaker"), may: true },
    { who: "speaker of another session", flags: flagsOf("speaker", null, [SESSION + 1]), may: false },
    { who: "channel member", flags: flagsOf(null, "member"), may: true },
    { who: "channel owner", flags: flagsOf(null, "owner"), may: true },
    { who: "guest", flags: flagsOf("guest"), may: false },
    { who: "no role", flags: flagsOf(null), may: false },
  ])("$who → $may", ({ flags, may }) => {
    expect(mayJoinStage({ flags })).toBe(may);
  });

  test("issue 12's accepted invitation and open stage let a guest on", () => {
    expect(mayJoinStage({ flags: flagsOf("guest"), acceptedInvite: true })).toBe(true);
    expect(mayJoinStage({ flags: flagsOf("guest"), openStage: true })).toBe(true);
  });
});

describe("stageRights", () => {
  const STATES: SessionState[] = ["scheduled", "greenroom", "broadcasting", "postevent", "ended"];
  test.each(STATES)("the stage is open in %s only while greenroom or broadcasting", (state) => {
    const open = state === "greenroom" || state === "broadcasting";
    const view = state === "broadcasting" ? null : "not_broadcasting_yet";
    expect(stageIsOpen(state)).toBe(open);
    const rights = stageRights({ flags: flagsOf("speaker"), state, signedIn: true, isBanned: false });
    expect(rights).toEqual(
      open
        ? { canPublish: true, canSubscribe: true, canWatch: false, refusal: null, viewRefusal: view }
        : {
            canPublish: false,
            canSubscribe: false,
            canWatch: false,
            refusal: "stage_closed",
            viewRefusal: view,
          },
    );
  });

  test.each([
    {
      who: "signed out",
      input: { flags: flagsOf(null), signedIn: false, isBanned: false },
      refusal: "signed_out",
      viewRefusal: "signed_out",
    },
    {
      who: "banned host",
      input: { flags: flagsOf("host"), signedIn: true, isBanned: true },
      refusal: "banned",
      viewRefusal: "banned",
    },
    {
      who: "guest",
      input: { flags: flagsOf("guest"), signedIn: true, isBanned: false },
      refusal: "forbidden",
      viewRefusal: null,
    },
    {
      who: "shadow-banned walk-in on the open stage (as a missing right)",
      input: {
        flags: flagsOf("guest"),
        signedIn: true,
        isBanned: false,
        isShadowBanned: true,
        openStage: true,
      },
      refusal: "forbidden",
      viewRefusal: null,
    },
    {
      who: "shadow-banned speaker (as a missing right)",
      input: { flags: flagsOf("speaker"), signedIn: true, isBanned: false, isShadowBanned: true },
      refusal: "forbidden",
      viewRefusal: null,
    },
  ] as const)(
    "$who is refused ($refusal), watches the program over WebRTC: $viewRefusal",
    ({ input, refusal, viewRefusal }) => {
      expect(stageRights({ ...input, state: "broadcasting" })).toEqual({
        canPublish: false,
        canSubscribe: false,
        canWatch: false,
        refusal,
        viewRefusal,
      });
    },
  );

  test.each([
    { who: "event host", flags: flagsOf("host"), canWatch: true },
    { who: "channel owner", flags: flagsOf(null, "owner"), canWatch: true },
    { who: "channel member", flags: flagsOf(null, "member"), canWatch: false },
    { who: "event moderator", flags: flagsOf("moderator"), canWatch: false },
    { who: "speaker", flags: flagsOf("speaker"), canWatch: false },
    { who: "open-stage walk-in", flags: flagsOf("guest"), openStage: true, canWatch: false },
  ])("issue 23 §2.5: a watch-only place for the $who: $canWatch", ({ flags, canWatch, ...rest }) => {
    const input = { flags, state: "broadcasting", signedIn: true, isBanned: false, ...rest } as const;
    expect(stageRights(input).canWatch).toBe(canWatch);
  });

  test("a refusal for the person comes before the closed stage", () => {
    expect(
      stageRights({ flags: flagsOf("guest"), state: "ended", signedIn: true, isBanned: false }).refusal,
    ).toBe("forbidden");
  });
});

describe("showsStage", () => {
  test.each([
    { flags: flagsOf("host"), state: "greenroom", shows: true },
    { flags: flagsOf("speaker"), state: "broadcasting", shows: true },
    { flags: flagsOf("host"), state: "scheduled", shows: false },
    { flags: flagsOf("host"), state: "postevent", shows: false },
    { flags: flagsOf("guest"), state: "greenroom", shows: false },
    { flags: flagsOf("guest"), state: "broadcasting", intent: { acceptedInvite: true }, shows: true },
    { flags: flagsOf("guest"), state: "broadcasting", intent: { openStage: true }, shows: true },
    { flags: flagsOf("guest"), state: "ended", intent: { acceptedInvite: true }, shows: false },
  ] as const)("$state shows the stage: $shows", ({ flags, state, shows, ...rest }) => {
    expect(showsStage(flags, state, "intent" in rest ? rest.intent : {})).toBe(shows);
  });
});
