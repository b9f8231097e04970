import {
  NotFound,
  type PublicProfile,
  RateLimited,
  type UserProfile,
  type UserProfileQuery,
} from "@onstage/domain";
import { findStanding } from "../../kernel/access/queries";
import { requireTopicReader } from "../../kernel/access/topic-access";
import { countAttempt, isOverLimit, type ThrottleKey } from "../auth/service";
import type { FeatureDeps } from "../deps";
import { findEventPeople, findProfile } from "./queries";

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

    /**
     * Issue 29 §3: the people of the event among `userIds`, read like the event itself; anyone else
     * is left out, so the batch cannot list the site's users. Throttled per viewer (user, else address).
     */
    async batch(
      viewer: { userId: number | null; address: string; browserKey: string | null },
      eventId: number,
      userIds: readonly number[],
    ): Promise<PublicProfile[]> {
      const key: ThrottleKey = {
        scope: "profile-batch",
        value: viewer.userId === null ? viewer.address : `user:${viewer.userId}`,
      };
      if (await isOverLimit(db, key)) throw RateLimited("too_fast");
      await countAttempt(db, [key]);
      await requireTopicReader(db, viewer.userId, { kind: "event", id: eventId }, viewer.browserKey);
      return findEventPeople(db, eventId, [...new Set(userIds)]);
    },
  };
}
