import { expect, test } from "vitest";
import { viewerFlags } from "../roles/rules";
import type { EventRole, OrgRole, SessionState } from "../vocabulary";
import { type AudienceCallAction, audienceCallAction } from "./audience-call";

const CALLED = 2;
const HERE = 7;
const as = (eventRole: EventRole | null, orgRole: OrgRole | null = null) =>
  viewerFlags({ userId: 1, eventRole, orgRole, speakerSessionIds: [HERE] }, HERE);

test.each<{
  case: string;
  sessionId: number;
  state: SessionState;
  eventRole: EventRole | null;
  orgRole?: OrgRole;
  want: AudienceCallAction;
}>([
  {
    case: "a guest of the called session stays",
    sessionId: CALLED,
    state: "broadcasting",
    eventRole: "guest",
    want: "ignore",
  },
  {
    case: "the host's own tab on the called session",
    sessionId: CALLED,
    state: "broadcasting",
    eventRole: "host",
    want: "ignore",
  },
  {
    case: "a guest watching another live session",
    sessionId: HERE,
    state: "broadcasting",
    eventRole: "guest",
    want: "go",
  },
  {
    case: "a guest waiting in a greenroom",
    sessionId: HERE,
    state: "greenroom",
    eventRole: "guest",
    want: "go",
  },
  {
    case: "a guest after the other session ended",
    sessionId: HERE,
    state: "postevent",
    eventRole: "guest",
    want: "go",
  },
  { case: "a visitor (no role)", sessionId: HERE, state: "broadcasting", eventRole: null, want: "go" },
  {
    case: "a moderator (never on stage)",
    sessionId: HERE,
    state: "broadcasting",
    eventRole: "moderator",
    want: "go",
  },
  {
    case: "the session's speaker, live",
    sessionId: HERE,
    state: "broadcasting",
    eventRole: "speaker",
    want: "toast_only",
  },
  {
    case: "the session's speaker, greenroom",
    sessionId: HERE,
    state: "greenroom",
    eventRole: "speaker",
    want: "toast_only",
  },
  {
    case: "the session's speaker once it is over",
    sessionId: HERE,
    state: "postevent",
    eventRole: "speaker",
    want: "go",
  },
  {
    case: "another host running a live session",
    sessionId: HERE,
    state: "broadcasting",
    eventRole: "host",
    want: "toast_only",
  },
  {
    case: "a channel member in a greenroom",
    sessionId: HERE,
    state: "greenroom",
    eventRole: null,
    orgRole: "member",
    want: "toast_only",
  },
  {
    case: "a host in a scheduled session",
    sessionId: HERE,
    state: "scheduled",
    eventRole: "host",
    want: "go",
  },
])("audienceCallAction: $case → $want", ({ sessionId, state, eventRole, orgRole, want }) => {
  const flags = as(eventRole, orgRole ?? null);
  expect(audienceCallAction({ calledSessionId: CALLED, sessionId, state, flags })).toBe(want);
});
