import {
  isHostLevel,
  LIVE_ATTENDEE_LIMIT,
  PRESENCE_LIVE_WINDOW_MS,
  type RoomResponse,
  seesActiveCount,
  topicRefusal,
} from "@onstage/domain";
import { requireTopicReader, sessionOf } from "../../kernel/access/topic-access";
import { findLatestStream, findLiveStream } from "../../kernel/broadcast/streams";
import type { FeatureDeps } from "../deps";
import { countFollowers, findLiveAttendeeLimit, listChats, roomCounts } from "./queries";

export type RoomDeps = Pick<FeatureDeps, "db" | "clock">;

export function roomService(deps: RoomDeps) {
  const { db } = deps;
  return {
    /** GET /api/video-session/room: what the stage needs first, refused like a session subscription. */
    async room(
      viewerUserId: number | null,
      sessionId: number,
      browserKey: string | null,
    ): Promise<RoomResponse> {
      const topic = { kind: "session", id: sessionId } as const;
      const access = await requireTopicReader(db, viewerUserId, topic, browserKey);
      const session = sessionOf(access);
      const liveSince = new Date(deps.clock().getTime() - PRESENCE_LIVE_WINDOW_MS);
      const [chats, counts, stream, followerCount, planLimit] = await Promise.all([
        listChats(db, session.id),
        roomCounts(db, { eventId: session.eventId, sessionId: session.id }, liveSince),
        findLiveStream(db, session.id).then((live) => live ?? findLatestStream(db, session.id)),
        // Spec 2 §4: the go-live popover's notify-followers option is the host's alone.
        isHostLevel(access.flags) ? countFollowers(db, session.organizationId) : null,
        access.flags.isTeam ? findLiveAttendeeLimit(db, session.organizationId, deps.clock()) : null,
      ]);
      return {
        session,
        // Only the chats this viewer could subscribe to: backstage chat is the team's (spec 2 §2).
        chats: chats.filter(
          (chat) => topicRefusal("chat", { ...access.context, chatType: chat.chatType }, chat.id) === null,
        ),
        registeredCount: counts.registeredCount,
        // Spec 2 §6: only members or admins see the active count; guests see registered only.
        liveCount: seesActiveCount(access.flags) ? counts.liveCount : null,
        viewer: { userId: viewerUserId, emailVerified: access.viewer.emailVerified },
        stream,
        followerCount,
        // Spec 2 §8: the team's seat-limit warning; the plan's limit, else the default.
        liveAttendeeLimit: access.flags.isTeam ? (planLimit ?? LIVE_ATTENDEE_LIMIT) : null,
      };
    },
  };
}

export type RoomService = ReturnType<typeof roomService>;
