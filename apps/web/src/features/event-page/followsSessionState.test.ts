import type { EventRole, EventViewer, OrgRole } from "@onstage/domain";
import { expect, test } from "vitest";
import { followsSessionState } from "./followsSessionState";

const viewer = (over: Partial<EventViewer>): EventViewer => ({
  userId: 1,
  eventRole: null,
  orgRole: null,
  isRegistered: false,
  hasPaid: false,
  isBanned: false,
  speakerSessionIds: [],
  ...over,
});

test.each<{
  case: string;
  isRegistered: boolean;
  eventRole: EventRole | null;
  orgRole: OrgRole | null;
  isBanned: boolean;
  want: boolean;
}>([
  { case: "visitor", isRegistered: false, eventRole: null, orgRole: null, isBanned: false, want: false },
  { case: "registered", isRegistered: true, eventRole: null, orgRole: null, isBanned: false, want: true },
  { case: "event host", isRegistered: false, eventRole: "host", orgRole: null, isBanned: false, want: true },
  {
    case: "channel member",
    isRegistered: false,
    eventRole: null,
    orgRole: "member",
    isBanned: false,
    want: true,
  },
  {
    case: "registered but banned",
    isRegistered: true,
    eventRole: null,
    orgRole: null,
    isBanned: true,
    want: false,
  },
])("$case → $want (only they load the realtime client)", ({ want, ...over }) => {
  expect(followsSessionState(viewer(over))).toBe(want);
});
