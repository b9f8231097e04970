import { describe, expect, test } from "vitest";
import { STAGE_CAPACITY_USERS } from "../constants";
import { viewerFlags } from "../roles/rules";
import type { BroadcastType, EventAccess, EventRole, OrgRole, SessionState } from "../vocabulary";
import {
  banNeedsAccessConfirm,
  canAcceptHandRaise,
  canBan,
  canUnban,
  inviteToStageRefusal,
  removeAttendeeRefusal,
  seesActiveCount,
} from "./rules";

const SESSION = 7;
const ME = 1;
const THEM = 2;
const as = (eventRole: EventRole | null, orgRole: OrgRole | null = null) =>
  viewerFlags({ userId: ME, eventRole, orgRole, speakerSessionIds: [SESSION] }, SESSION);

describe("by role: canBan and canUnban (spec 1 §6: people-control roles), seesActiveCount (spec 2 §6)", () => {
  test.each([
    { case: "org owner", flags: as(null, "owner"), want: true, activeCount: true },
    { case: "org admin", flags: as(null, "admin"), want: true, activeCount: true },
    { case: "org member", flags: as(null, "member"), want: true, activeCount: true },
    { case: "event host", flags: as("host"), want: true, activeCount: true },
    { case: "event admin", flags: as("admin"), want: true, activeCount: true },
    { case: "moderator", flags: as("moderator"), want: true, activeCount: false },
    { case: "speaker", flags: as("speaker"), want: false, activeCount: false },
    { case: "guest", flags: as("guest"), want: false, activeCount: false },
    { case: "anonymous", flags: as(null), want: false, activeCount: false },
  ])("$case → bans $want, active count $activeCount", ({ flags, want, activeCount }) => {
    expect(canBan(flags)).toBe(want);
    expect(canUnban(flags)).toBe(want);
    expect(seesActiveCount(flags)).toBe(activeCount);
  });
});

describe("removeAttendeeRefusal (spec 1 §5 Remove Attendee)", () => {
  const guest = { userId: THEM, eventRole: "guest" as EventRole | null, isOrgMember: false };
  test.each([
    { case: "org owner removes a guest", actor: as(null, "owner"), target: guest, hide: false, want: null },
    { case: "org admin removes a guest", actor: as(null, "admin"), target: guest, hide: false, want: null },
    { case: "event host removes a guest", actor: as("host"), target: guest, hide: false, want: null },
    {
      case: "guest without a role record",
      actor: as("host"),
      target: { ...guest, eventRole: null },
      hide: false,
      want: null,
    },
    {
      case: "org member may not remove",
      actor: as(null, "member"),
      target: guest,
      hide: false,
      want: "forbidden",
    },
    {
      case: "moderator may not remove",
      actor: as("moderator"),
      target: guest,
      hide: false,
      want: "forbidden",
    },
    { case: "guest may not remove", actor: as("guest"), target: guest, hide: false, want: "forbidden" },
    { case: "not for self", actor: as("host"), target: { ...guest, userId: ME }, hide: false, want: "self" },
    {
      case: "not for channel members",
      actor: as(null, "owner"),
      target: { ...guest, isOrgMember: true },
      hide: false,
      want: "channel_member",
    },
    {
      case: "only for guests: speaker",
      actor: as("host"),
      target: { ...guest, eventRole: "speaker" as EventRole },
      hide: false,
      want: "not_guest",
    },
    {
      case: "only for guests: moderator",
      actor: as("host"),
      target: { ...guest, eventRole: "moderator" as EventRole },
      hide: false,
      want: "not_guest",
    },
    {
      case: "not when hide-unregister is set",
      actor: as("host"),
      target: guest,
      hide: true,
      want: "hide_unregister",
    },
  ])("$case → $want", ({ actor, target, hide, want }) => {
    expect(removeAttendeeRefusal({ actor, actorUserId: ME, target, hideUnregister: hide })).toBe(want);
  });
});

describe("inviteToStageRefusal (spec 1 §5 Invite to stage)", () => {
  const target = { userId: THEM, isOnStage: false, hasRaisedHand: false };
  const live = { state: "broadcasting" as SessionState, broadcastType: "webrtc" as BroadcastType };
  test.each([
    {
      case: "host invites in a live session",
      actor: as("host"),
      target,
      session: live,
      onStage: 1,
      want: null,
    },
    {
      case: "moderator invites in the greenroom",
      actor: as("moderator"),
      target,
      session: { ...live, state: "greenroom" as SessionState },
      onStage: 0,
      want: null,
    },
    {
      case: "invites during postevent",
      actor: as(null, "member"),
      target,
      session: { ...live, state: "postevent" as SessionState },
      onStage: 0,
      want: null,
    },
    {
      case: "needs a manager role",
      actor: as("speaker"),
      target,
      session: live,
      onStage: 0,
      want: "forbidden",
    },
    { case: "guest cannot invite", actor: as("guest"), target, session: live, onStage: 0, want: "forbidden" },
    {
      case: "session cannot be entered while scheduled",
      actor: as("host"),
      target,
      session: { ...live, state: "scheduled" as SessionState },
      onStage: 0,
      want: "session_closed",
    },
    {
      case: "session cannot be entered once ended",
      actor: as("host"),
      target,
      session: { ...live, state: "ended" as SessionState },
      onStage: 0,
      want: "session_closed",
    },
    {
      case: "not self",
      actor: as("host"),
      target: { ...target, userId: ME },
      session: live,
      onStage: 0,
      want: "self",
    },
    {
      case: "not already on stage",
      actor: as("host"),
      target: { ...target, isOnStage: true },
      session: live,
      onStage: 1,
      want: "already_on_stage",
    },
    {
      case: "target has a raised hand",
      actor: as("host"),
      target: { ...target, hasRaisedHand: true },
      session: live,
      onStage: 0,
      want: "hand_raised",
    },
    {
      case: "RTMP broadcast",
      actor: as("host"),
      target,
      session: { ...live, broadcastType: "rtmp" as BroadcastType },
      onStage: 0,
      want: "rtmp_broadcast",
    },
    {
      case: "RTMP-native broadcast",
      actor: as("host"),
      target,
      session: { ...live, broadcastType: "rtmp-native" as BroadcastType },
      onStage: 0,
      want: "rtmp_broadcast",
    },
    {
      case: "one seat left on stage",
      actor: as("host"),
      target,
      session: live,
      onStage: STAGE_CAPACITY_USERS - 1,
      want: null,
    },
    {
      case: "stage is full",
      actor: as("host"),
      target,
      session: live,
      onStage: STAGE_CAPACITY_USERS,
      want: "stage_full",
    },
  ])("$case → $want", ({ actor, target, session, onStage, want }) => {
    expect(inviteToStageRefusal({ actor, actorUserId: ME, target, session, onStageCount: onStage })).toBe(
      want,
    );
  });
});

describe("canAcceptHandRaise (spec 1 §5: owner/admin and a raised hand)", () => {
  test.each([
    { case: "org owner, hand raised", actor: as(null, "owner"), hasRaisedHand: true, want: true },
    { case: "event admin, hand raised", actor: as("admin"), hasRaisedHand: true, want: true },
    { case: "event host, hand raised", actor: as("host"), hasRaisedHand: true, want: true },
    { case: "moderator, hand raised", actor: as("moderator"), hasRaisedHand: true, want: false },
    { case: "org member, hand raised", actor: as(null, "member"), hasRaisedHand: true, want: false },
    { case: "owner, no raised hand", actor: as(null, "owner"), hasRaisedHand: false, want: false },
  ])("$case → $want", ({ actor, hasRaisedHand, want }) => {
    expect(canAcceptHandRaise({ actor, hasRaisedHand })).toBe(want);
  });
});

describe("banNeedsAccessConfirm (spec 1 §5 ban confirm checkbox)", () => {
  test.each([
    { access: "open", choice: "remove", want: false },
    { access: "registration_required", choice: "remove", want: true },
    { access: "ticketed", choice: "remove", want: true },
    { access: "patreon", choice: "channel", want: true },
    { access: "open", choice: "channel", want: false },
    { access: "ticketed", choice: "shadow", want: false },
  ] as { access: EventAccess; choice: "shadow" | "remove" | "channel"; want: boolean }[])(
    "$access, $choice → $want",
    ({ access, choice, want }) => {
      expect(banNeedsAccessConfirm({ access, choice })).toBe(want);
    },
  );
});
