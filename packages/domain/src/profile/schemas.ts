import { z } from "zod";
import { ChatAuthor } from "../chat/schemas";
import { PROFILE_BATCH_MAX_IDS } from "../room-constants";
import { EventRole, OrgRole } from "../vocabulary";
import { Id } from "../wire";

// Spec 2 §2, §7: the user profile popover (userId, eventId; cached 300 s by the web app).

export const UserProfileQuery = z
  .object({ user_id: z.coerce.number().pipe(Id), event_id: z.coerce.number().pipe(Id) })
  .strict();
export type UserProfileQuery = z.infer<typeof UserProfileQuery>;

export const UserProfile = z.object({
  id: z.number().int(),
  firstName: z.string(),
  lastName: z.string(),
  profilePhoto: z.string().nullable(),
  /** null shows 'Bio empty'. */
  bio: z.string().nullable(),
  /** The role badge: their role on this event, else on its channel. */
  eventRole: EventRole.nullable(),
  orgRole: OrgRole.nullable(),
});
export type UserProfile = z.infer<typeof UserProfile>;

export const UserProfileResponse = z.object({ profile: UserProfile });
export type UserProfileResponse = z.infer<typeof UserProfileResponse>;

/**
 * Spec 1 §7, §9: people by id, PROFILE_BATCH_MAX_IDS at a time, as the event's room may show them
 * (issue 29 §3): `GET /api/user/profile?ids=a,b,...&event_id=`, or `POST /api/user/profile` with
 * {userIds, eventId} when the GET fails or answers 405.
 */
export const ProfileBatchQuery = z
  .object({
    ids: z
      .string()
      .max(PROFILE_BATCH_MAX_IDS * 17)
      .regex(new RegExp(`^\\d{1,16}(,\\d{1,16}){0,${PROFILE_BATCH_MAX_IDS - 1}}$`), {
        message: `ids: at most ${PROFILE_BATCH_MAX_IDS} user ids, separated by commas`,
      }),
    event_id: z.coerce.number().pipe(Id),
  })
  .strict();
export type ProfileBatchQuery = z.infer<typeof ProfileBatchQuery>;

export const ProfileBatchRequest = z
  .object({ userIds: z.array(Id).min(1).max(PROFILE_BATCH_MAX_IDS), eventId: Id })
  .strict();
export type ProfileBatchRequest = z.infer<typeof ProfileBatchRequest>;

/** What anyone in the room sees of a person, as a chat message shows its author: no e-mail, no role. */
export const PublicProfile = ChatAuthor;
export type PublicProfile = z.infer<typeof PublicProfile>;

/** The people of the event among the ids asked for; the others are left out. */
export const ProfileBatchResponse = z.object({ users: z.array(PublicProfile) });
export type ProfileBatchResponse = z.infer<typeof ProfileBatchResponse>;
