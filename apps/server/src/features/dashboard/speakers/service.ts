import {
  Conflict,
  type InviteSpeakerRequest,
  NotFound,
  type SpeakerInviteResponse,
  type SpeakersResponse,
} from "@onstage/domain";
import type { FeatureDeps } from "../../deps";
import { requireEventManager } from "../access";
import { inviteMails, TEAM_INVITE_TTL_DAYS, TEAM_INVITE_TTL_MINUTES } from "../invites/mail-sender";
import { speakerInviteMail } from "../invites/mails";
import { displayName, findMember, findUserIdByEmail } from "../team/queries";
import * as speakers from "./queries";

type Deps = Pick<FeatureDeps, "db" | "mailer" | "publicUrl" | "log">;

/**
 * Issue 23 §3.3: the event editor's speakers. Whoever manages the event (the people who may also make
 * someone a speaker from the Role menu) invites by address to chosen sessions; the invitation takes the
 * team invitations' road (invites/mail-sender.ts, acceptTeamInvite), their daily mail budget included.
 */
export function dashSpeakersService(deps: Deps) {
  const { db } = deps;
  const mails = inviteMails(deps);
  return {
    async list(userId: number, eventId: number): Promise<SpeakersResponse> {
      await requireEventManager(db, userId, eventId);
      const [list, invites] = await Promise.all([
        speakers.listSpeakers(db, eventId),
        speakers.listSpeakerInvites(db, eventId),
      ]);
      return { speakers: list, invites };
    },

    async invite(
      userId: number,
      eventId: number,
      input: InviteSpeakerRequest,
    ): Promise<SpeakerInviteResponse> {
      const event = await requireEventManager(db, userId, eventId);
      const sessionIds = [...new Set(input.sessionIds)];
      const found = await speakers.sessionsOfEvent(db, eventId, sessionIds);
      if (found.length !== sessionIds.length) throw NotFound("session_not_found");
      // A channel member already goes on every stage of the channel's events.
      const existing = await findUserIdByEmail(db, input.email);
      if (existing !== null && (await findMember(db, event.organizationId, existing)))
        throw Conflict("channel_member_exists");
      await mails.assertUnderLimit(event.organizationId);
      const invite = await speakers.upsertSpeakerInvite(db, {
        organizationId: event.organizationId,
        eventId,
        email: input.email,
        sessionIds,
        invitedBy: userId,
        ttlMinutes: TEAM_INVITE_TTL_MINUTES,
      });
      const context = await speakers.speakerInviteContext(db, eventId, invite.sessionIds);
      const inviterName = await displayName(db, userId);
      await mails.send(invite, ({ link, hasAccount }) =>
        speakerInviteMail({
          to: invite.email,
          ...context,
          inviterName,
          link,
          daysValid: TEAM_INVITE_TTL_DAYS,
          hasAccount,
        }),
      );
      return { invite: speakers.toSpeakerInvite(invite) };
    },
  };
}

export type DashSpeakersService = ReturnType<typeof dashSpeakersService>;
