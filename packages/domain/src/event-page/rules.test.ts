import { describe, expect, test } from "vitest";
import { viewerFlags } from "../roles/rules";
import type { EventAccess, EventRole, OrgRole, SessionState } from "../vocabulary";
import { eventPageView } from "./rules";

const SESSION = 7;
const viewer = (
  eventRole: EventRole | null,
  orgRole: OrgRole | null = null,
  speakerSessionIds = [SESSION],
) => ({
  ...viewerFlags({ userId: 1, eventRole, orgRole, speakerSessionIds }, SESSION),
  hasRole: eventRole !== null,
});
const event = (over: { deleted?: boolean; archived?: boolean; access?: EventAccess } = {}) => ({
  deleted: false,
  archived: false,
  access: "registration_required" as EventAccess,
  ...over,
});

describe("eventPageView (spec 1 §4 Landing page versus live room versus not found)", () => {
  test.each<{
    case: string;
    event: ReturnType<typeof event> | null;
    viewer: ReturnType<typeof viewer>;
    state: SessionState | null;
    want: string;
  }>([
    {
      case: "no event",
      event: null,
      viewer: viewer(null, "owner"),
      state: "broadcasting",
      want: "not_found",
    },
    {
      case: "deleted event",
      event: event({ deleted: true }),
      viewer: viewer(null, "owner"),
      state: "broadcasting",
      want: "not_found",
    },
    {
      case: "archived, guest",
      event: event({ archived: true }),
      viewer: viewer("guest"),
      state: "broadcasting",
      want: "not_found",
    },
    {
      case: "archived, anonymous",
      event: event({ archived: true, access: "open" }),
      viewer: viewer(null),
      state: null,
      want: "not_found",
    },
    {
      case: "archived, org member",
      event: event({ archived: true }),
      viewer: viewer(null, "member"),
      state: "greenroom",
      want: "room",
    },
    {
      case: "archived, event admin",
      event: event({ archived: true }),
      viewer: viewer("admin"),
      state: "postevent",
      want: "room",
    },
    {
      case: "open access, anonymous",
      event: event({ access: "open" }),
      viewer: viewer(null),
      state: "scheduled",
      want: "room",
    },
    { case: "no role", event: event(), viewer: viewer(null), state: "broadcasting", want: "landing" },
    {
      case: "guest while broadcasting",
      event: event(),
      viewer: viewer("guest"),
      state: "broadcasting",
      want: "room",
    },
    {
      case: "guest in greenroom",
      event: event(),
      viewer: viewer("guest"),
      state: "greenroom",
      want: "landing",
    },
    {
      case: "guest in postevent",
      event: event(),
      viewer: viewer("guest"),
      state: "postevent",
      want: "landing",
    },
    {
      case: "guest while scheduled",
      event: event(),
      viewer: viewer("guest"),
      state: "scheduled",
      want: "landing",
    },
    {
      case: "moderator in greenroom",
      event: event(),
      viewer: viewer("moderator"),
      state: "greenroom",
      want: "landing",
    },
    {
      case: "moderator while broadcasting",
      event: event(),
      viewer: viewer("moderator"),
      state: "broadcasting",
      want: "room",
    },
    { case: "owner in greenroom", event: event(), viewer: viewer("owner"), state: "greenroom", want: "room" },
    { case: "admin in postevent", event: event(), viewer: viewer("admin"), state: "postevent", want: "room" },
    { case: "host in greenroom", event: event(), viewer: viewer("host"), state: "greenroom", want: "room" },
    {
      case: "org member without event role in greenroom",
      event: event(),
      viewer: viewer(null, "member"),
      state: "greenroom",
      want: "room",
    },
    {
      case: "assigned speaker in greenroom",
      event: event(),
      viewer: viewer("speaker"),
      state: "greenroom",
      want: "room",
    },
    {
      case: "unassigned speaker in greenroom",
      event: event(),
      viewer: viewer("speaker", null, []),
      state: "greenroom",
      want: "landing",
    },
    {
      case: "owner while scheduled",
      event: event(),
      viewer: viewer("owner"),
      state: "scheduled",
      want: "landing",
    },
    { case: "owner once ended", event: event(), viewer: viewer("owner"), state: "ended", want: "landing" },
    { case: "owner with no session", event: event(), viewer: viewer("owner"), state: null, want: "landing" },
    {
      case: "ticketed, guest broadcasting",
      event: event({ access: "ticketed" }),
      viewer: viewer("guest"),
      state: "broadcasting",
      want: "room",
    },
  ])("$case → $want", ({ event, viewer, state, want }) => {
    expect(eventPageView({ event, viewer, sessionState: state })).toBe(want);
  });
});

describe("eventPageView: the 'watch replay' button", () => {
  test.each([
    { case: "guest, ended", role: "guest" as const, state: "ended" as const, want: "room" },
    { case: "guest, postevent", role: "guest" as const, state: "postevent" as const, want: "room" },
    { case: "guest, still scheduled", role: "guest" as const, state: "scheduled" as const, want: "landing" },
    { case: "no role, ended", role: null, state: "ended" as const, want: "landing" },
  ])("$case → $want", ({ role, state, want }) => {
    const flags = viewerFlags({ userId: role ? 1 : null, eventRole: role, orgRole: null }, 1);
    const view = eventPageView({
      event: { deleted: false, archived: false, access: "registration_required" },
      viewer: { ...flags, hasRole: role !== null },
      sessionState: state,
      wantsReplay: true,
    });
    expect(view).toBe(want);
  });
});
