import { RateLimited } from "@onstage/domain";
import type { MailMessage } from "../../../platform/mail/mailer";
import { issueLinkToken } from "../../auth/service";
import type { FeatureDeps } from "../../deps";
import { findUserIdByEmail } from "../team/queries";
import * as invites from "./queries";

// The mailed side of every invitation (team and speaker alike): one daily budget per channel, a fresh
// single-use `invite` link whose payload names the invitation, and the mail sent after the answer.

/** Invitations outlive sign-in links: people answer them days later (docs/decisions.md). */
export const TEAM_INVITE_TTL_DAYS = 7;
export const TEAM_INVITE_TTL_MINUTES = TEAM_INVITE_TTL_DAYS * 24 * 60;
/** At most this many invitation mails per channel per day, so the forms cannot be used to spam. */
const TEAM_INVITES_PER_DAY = 50;

/** What the mail of one kind of invitation needs from the road: its link and whether an account exists. */
export interface InviteMailLink {
  link: string;
  hasAccount: boolean;
}

type Deps = Pick<FeatureDeps, "db" | "mailer" | "publicUrl" | "log">;

export function inviteMails({ db, mailer, publicUrl, log }: Deps) {
  return {
    /** Checked before anything is written, so a refused invitation changes nothing. */
    async assertUnderLimit(channelId: number): Promise<void> {
      if ((await invites.countRecentInviteMails(db, channelId)) >= TEAM_INVITES_PER_DAY) throw RateLimited();
    },

    /** A fresh link (the older one of this invitation dies) in the mail `compose` writes around it. */
    async send(invite: invites.InviteRecord, compose: (link: InviteMailLink) => MailMessage): Promise<void> {
      const token = await issueLinkToken(db, {
        purpose: "invite",
        email: invite.email,
        userId: null,
        payload: { organizationId: invite.organizationId, inviteId: invite.id },
        ttlMinutes: TEAM_INVITE_TTL_MINUTES,
        supersedes: { inviteId: invite.id },
      });
      // A speaker lands where their events and greenrooms are; a teammate on the dashboard.
      const next = invite.eventId === null ? "" : `&redirectTo=${encodeURIComponent("/my-events")}`;
      const message = compose({
        link: `${publicUrl}/auth/link#token=${token}&purpose=invite${next}`,
        hasAccount: (await findUserIdByEmail(db, invite.email)) !== null,
      });
      mailer.send(message).catch((error: unknown) => log.error({ err: error }, "invite mail not sent"));
    },
  };
}

export type InviteMails = ReturnType<typeof inviteMails>;
