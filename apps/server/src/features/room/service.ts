import { PRESENCE_LIVE_WINDOW_MS, type RoomResponse, topicRefusal } from "@onstage/domain";
import { requireTopicReader, sessionOf } from "../access/service";
import type { FeatureDeps } from "../deps";
import { listChats, roomCounts } from "./queries";

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
      const [chats, counts] = await Promise.all([
        listChats(db, session.id),
        roomCounts(db, { eventId: session.eventId, sessionId: session.id }, liveSince),
      ]);
      return {
        session,
        // Only the chats this viewer could subscribe to: backstage chat is the team's (spec 2 §2).
        chats: chats.filter(
          (chat) => topicRefusal("chat", { ...access.context, chatType: chat.chatType }, chat.id) === null,
        ),
        registeredCount: counts.registeredCount,
        // Spec 2 §6: only members or admins see the active count; guests see registered only.
        liveCount: access.flags.isTeam ? counts.liveCount : null,
        viewer: { userId: viewerUserId, emailVerified: access.viewer.emailVerified },
      };
    },
  };
}

export type RoomService = ReturnType<typeof roomService>;
