import {
  NotFound,
  PRESENCE_LIVE_WINDOW_MS,
  REGISTERED_USERS_PAGE_SIZE,
  type RegisteredUsersQuery,
  type RegisteredUsersResponse,
  USER_SEARCH_RESULTS_LIMIT,
} from "@onstage/domain";
import { requireTopicReader, sessionOf } from "../../kernel/access/topic-access";
import type { FeatureDeps } from "../deps";
import { prefixQuery, registeredUsers } from "./queries";

export type PeopleDeps = Pick<FeatureDeps, "db" | "clock">;

export function peopleService(deps: PeopleDeps) {
  const { db } = deps;
  return {
    /**
     * The people panel's Registered section (spec 1 §6, §7, §9), read like the presence topic: guests
     * only while the audience is shown. A search answers at most USER_SEARCH_RESULTS_LIMIT rows at once.
     */
    async registeredUsers(
      viewerUserId: number | null,
      query: RegisteredUsersQuery,
      browserKey: string | null = null,
    ): Promise<RegisteredUsersResponse> {
      const topic = { kind: "presence", id: query.video_session_id } as const;
      const access = await requireTopicReader(db, viewerUserId, topic, browserKey);
      const session = sessionOf(access);
      if (session.eventId !== query.event_id) throw NotFound("session_not_found");
      const searching = query.search !== undefined && query.search !== "";
      const tsQuery = searching ? prefixQuery(query.search ?? "") : null;
      if (searching && tsQuery === null) return { users: [], hasMore: false, total: 0 };
      const limit = searching ? USER_SEARCH_RESULTS_LIMIT : REGISTERED_USERS_PAGE_SIZE;
      const offset = searching ? 0 : query.offset;
      const { users, total } = await registeredUsers(db, {
        eventId: session.eventId,
        organizationId: session.organizationId,
        sessionId: session.id,
        liveSince: new Date(deps.clock().getTime() - PRESENCE_LIVE_WINDOW_MS),
        filter: query.filter,
        query: tsQuery,
        // Whether an address is registered is the team's business, not other attendees'.
        searchEmails: access.flags.canManagePeople,
        // Spec 2 §6: admins, moderators and members see a Banned badge.
        showBans: access.flags.canManagePeople,
        limit,
        offset,
      });
      return { users, total, hasMore: !searching && offset + users.length < total };
    },
  };
}
