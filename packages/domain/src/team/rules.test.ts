import { expect, test } from "vitest";
import { inviteAcceptanceRefusal, speakerRoleOnAccept } from "./rules";

const NOW = 1_800_000_000_000;
const OPEN = { email: "new@corp.test", acceptedAt: null, revokedAt: null, expiresAt: NOW + 1 };

test.each([
  { case: "verified owner of the address", invite: {}, account: {}, want: null },
  { case: "unverified account", invite: {}, account: { emailVerified: false }, want: "email_not_verified" },
  { case: "another address", invite: {}, account: { email: "x@corp.test" }, want: "invite_not_found" },
  { case: "revoked", invite: { revokedAt: NOW - 1 }, account: {}, want: "invite_closed" },
  { case: "already accepted", invite: { acceptedAt: NOW - 1 }, account: {}, want: "invite_closed" },
  { case: "expired", invite: { expiresAt: NOW }, account: {}, want: "invite_closed" },
  {
    case: "another address, unverified",
    invite: {},
    account: { email: "x@corp.test", emailVerified: false },
    want: "invite_not_found",
  },
])("$case → $want", ({ invite, account, want }) => {
  expect(
    inviteAcceptanceRefusal(
      { ...OPEN, ...invite },
      { email: "new@corp.test", emailVerified: true, ...account },
      NOW,
    ),
  ).toBe(want);
});

test.each([
  { current: null, want: "speaker" },
  { current: "guest", want: "speaker" },
  { current: "speaker", want: "speaker" },
  { current: "moderator", want: "moderator" },
  { current: "admin", want: "admin" },
  { current: "host", want: "host" },
  { current: "owner", want: "owner" },
] as const)("a speaker invitation accepted by $current → $want", ({ current, want }) => {
  expect(speakerRoleOnAccept(current)).toBe(want);
});
