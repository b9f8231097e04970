import { z } from "zod";
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
