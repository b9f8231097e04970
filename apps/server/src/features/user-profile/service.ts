import { NotFound, type UserProfile, type UserProfileQuery } from "@onstage/domain";
import { findStanding } from "../../kernel/access/queries";
import { requireTopicReader } from "../../kernel/access/topic-access";
import type { FeatureDeps } from "../deps";
import { findProfile } from "./queries";

// Spec 2 §2 user profile popover: photo, name, role badge and bio of someone in the event.

export function userProfileService({ db }: Pick<FeatureDeps, "db">) {
  return {
    /**
     * Read like the event itself; only people of the event (a role, a registration, or its channel's
     * team) have a profile here, so the route cannot list the site's users.
     */
    async profile(
      viewerUserId: number | null,
      query: UserProfileQuery,
      browserKey: string | null,
    ): Promise<UserProfile> {
      await requireTopicReader(db, viewerUserId, { kind: "event", id: query.event_id }, browserKey);
      const standing = await findStanding(db, query.event_id, query.user_id);
      if (standing.eventRole === null && standing.orgRole === null && !standing.isRegistered) {
        throw NotFound("user_not_found");
      }
      const user = await findProfile(db, query.user_id);
      if (!user) throw NotFound("user_not_found");
      return {
        id: query.user_id,
        ...user,
        bio: user.bio?.trim() ? user.bio : null,
        eventRole: standing.eventRole,
        orgRole: standing.orgRole,
      };
    },
  };
}
