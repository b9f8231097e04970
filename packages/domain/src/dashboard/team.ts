import { z } from "zod";
import { Email } from "../auth/schemas";
import { OrgRole } from "../vocabulary";
import { IdParam } from "./fields";

// A channel's team and its invitations (issue 5 §1, issue 10 §1.1):
//   GET    /api/channels/:channelId/members                        → TeamResponse
//   POST   /api/channels/:channelId/members   AddMemberRequest     → TeamInviteResponse (409 channel_member_exists)
//   PATCH  /api/channels/:channelId/members/:userId  UpdateMemberRequest → TeamMemberResponse (409 owner_locked)
//   DELETE /api/channels/:channelId/members/:userId                → 204 (409 owner_locked)

export const ChannelMemberParams = z.object({ channelId: IdParam, userId: IdParam });
export const ChannelInviteParams = z.object({ channelId: IdParam, inviteId: IdParam });
export const InviteIdParams = z.object({ inviteId: IdParam });

export const TeamRole = z.enum(["admin", "member"]);
export type TeamRole = z.infer<typeof TeamRole>;

export const TeamMember = z.object({
  userId: z.number().int(),
  email: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  role: OrgRole,
});
export type TeamMember = z.infer<typeof TeamMember>;

/** A pending invitation to the team (issue 10 §1.1): nobody joins until the address's owner accepts. */
export const TeamInvite = z.object({
  id: z.number().int(),
  email: z.string(),
  role: TeamRole,
  expiresAt: z.iso.datetime(),
});
export type TeamInvite = z.infer<typeof TeamInvite>;

export const TeamResponse = z.object({ members: z.array(TeamMember), invites: z.array(TeamInvite) });
export type TeamResponse = z.infer<typeof TeamResponse>;

export const AddMemberRequest = z.object({ email: Email, role: TeamRole }).strict();
export type AddMemberRequest = z.infer<typeof AddMemberRequest>;

/** Answer of POST .../members and POST .../invites/:inviteId/resend: the invitation mailed. */
export const TeamInviteResponse = z.object({ invite: TeamInvite });
export type TeamInviteResponse = z.infer<typeof TeamInviteResponse>;

/** An invitation to the signed-in user's verified address, as GET /api/invites lists it. */
export const MyInvite = z.object({
  id: z.number().int(),
  channelId: z.number().int(),
  channelName: z.string(),
  role: TeamRole,
  expiresAt: z.iso.datetime(),
});
export type MyInvite = z.infer<typeof MyInvite>;

export const MyInvitesResponse = z.object({ invites: z.array(MyInvite) });
export type MyInvitesResponse = z.infer<typeof MyInvitesResponse>;

export const AcceptInviteResponse = z.object({ channelId: z.number().int() });
export type AcceptInviteResponse = z.infer<typeof AcceptInviteResponse>;

export const UpdateMemberRequest = z.object({ role: TeamRole }).strict();
export type UpdateMemberRequest = z.infer<typeof UpdateMemberRequest>;

export const TeamMemberResponse = z.object({ member: TeamMember });
export type TeamMemberResponse = z.infer<typeof TeamMemberResponse>;
