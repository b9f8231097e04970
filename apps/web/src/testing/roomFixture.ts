import type { RoomResponse, RoomSession } from "@onstage/domain";

/** A room as GET /api/video-session/room answers it, for a viewer of the host level. */
export function roomFixture(session: Partial<RoomSession> = {}): RoomResponse {
  return {
    session: {
      id: 7,
      eventId: 3,
      organizationId: 2,
      title: "Keynote",
      state: "greenroom",
      sessionType: "regular",
      broadcastType: "webrtc",
      hideAudience: false,
      disableChat: false,
      allowRaisingHands: true,
      openStage: false,
      disableQa: false,
      qaShowOnStage: false,
      qaTruncateOnStage: false,
      qaOnStage: null,
      isRecording: false,
      timeBroadcastStart: null,
      timeBroadcastEnd: null,
      showToAll: false,
      delivery: "webrtc",
      ...session,
    },
    chats: [],
    registeredCount: 0,
    liveCount: 0,
    viewer: { userId: 1, emailVerified: true },
    stream: null,
    followerCount: 0,
    liveAttendeeLimit: null,
  };
}
