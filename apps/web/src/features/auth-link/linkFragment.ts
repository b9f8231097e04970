import { LinkToken } from "@onstage/domain";

export const LINK_PURPOSES = ["magic_link", "verify_email", "password_reset", "invite"] as const;
export type LinkPurpose = (typeof LINK_PURPOSES)[number];

export interface EmailedLink {
  token: string;
  purpose: LinkPurpose;
  /** Where an invitation leads once accepted (a speaker's to /my-events); checked by safeRedirect. */
  redirectTo: string | null;
}

const isPurpose = (value: string | null): value is LinkPurpose => LINK_PURPOSES.some((p) => p === value);

/** `#token=…&purpose=…`: the token rides in the fragment so that it never reaches a server log or Referer. */
export function parseLinkFragment(hash: string): EmailedLink | null {
  const params = new URLSearchParams(hash.replace(/^#/, ""));
  const token = LinkToken.safeParse(params.get("token"));
  const purpose = params.get("purpose");
  return token.success && isPurpose(purpose)
    ? { token: token.data, purpose, redirectTo: params.get("redirectTo") }
    : null;
}
