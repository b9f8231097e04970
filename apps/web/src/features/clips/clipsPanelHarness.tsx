import {
  type Clip,
  type ClipsResponse,
  type EventRole,
  type OrgRole,
  type PlaybackResponse,
  type RoomSession,
  viewerFlags,
} from "@onstage/domain";
import { Router } from "wouter";
import { memoryLocation } from "wouter/memory-location";
import { renderWithQueries, type StubAnswer, stubApi } from "../../testing/apiStub";
import { clipFixture } from "../../testing/clipFixture";
import { fakeRealtime } from "../../testing/fakeRealtime";
import { roomFixture } from "../../testing/roomFixture";
import type { RoomSidebarProps } from "../room-kit/roomModule";
import { clipsModule } from "./clipsModule";

// The clips module's panel as the room's sidebar mounts it, for the panel's tests: the API answered
// at fetch, the session topic delivered by hand, the address in memory.

export const ME = 1;
export const OTHER = 2;
const VOD = "/hls/rec/index.m3u8?token=t";

interface Setup {
  role?: { event: EventRole | null; org?: OrgRole };
  session?: Partial<RoomSession>;
  clips?: Clip[];
  analytics?: ClipsResponse["analytics"];
  playback?: Partial<PlaybackResponse>;
  answer?: (request: { method: string; path: string }) => StubAnswer | undefined;
}

export function playbackAnswer(change: Partial<PlaybackResponse> = {}): PlaybackResponse {
  return {
    stream: null,
    liveUrl: null,
    vodUrl: VOD,
    fallbackUrl: null,
    expiresAt: new Date(Date.now() + 3_600_000).toISOString(),
    compositor: "browser",
    ...change,
  };
}

export function setUp({
  role = { event: null, org: "owner" },
  session,
  clips = [],
  analytics = null,
  playback,
  answer,
}: Setup) {
  const flags = viewerFlags({ userId: ME, eventRole: role.event, orgRole: role.org ?? null }, 7);
  const room = roomFixture({ state: "ended", ...session });
  const api = stubApi((request) => {
    const special = answer?.(request);
    if (special) return special;
    if (request.path === "/api/clips?video_session_id=7") return { status: 200, body: { clips, analytics } };
    if (request.path.startsWith("/api/video-session/playback"))
      return { status: 200, body: playbackAnswer(playback) };
    return { status: 404 };
  });
  const props = {
    data: { event: { id: 3, private: false, disableClipping: false } },
    room,
    urlHash: "abc",
    viewer: { userId: ME, emailVerified: true, flags },
  } as unknown as RoomSidebarProps;
  function Panel() {
    return <>{clipsModule.usePanel({ props, isShown: true, countUnread: () => {} })}</>;
  }
  const realtime = fakeRealtime();
  const location = memoryLocation({ path: "/c/launch/abc", record: true });
  renderWithQueries(
    <realtime.Provider>
      <Router hook={location.hook} searchHook={location.searchHook}>
        <Panel />
      </Router>
    </realtime.Provider>,
  );
  return { api, realtime, location };
}

export const mine = clipFixture({
  id: 1,
  startTime: 300,
  endTime: 330,
  title: "Late moment",
  user: { id: ME, fullName: "Me Myself" },
});
export const theirs = clipFixture({
  id: 2,
  startTime: 10,
  endTime: 40,
  title: "Early moment",
  user: { id: OTHER, fullName: "Bo Guest" },
});
