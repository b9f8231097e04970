// @vitest-environment happy-dom
import { type BroadcastType, viewerFlags } from "@onstage/domain";
import { screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, test } from "vitest";
import { renderWithQueries, stubApi } from "../../testing/apiStub";
import { roomFixture } from "../../testing/roomFixture";
import { HostControlBar } from "./HostControlBar";

const owner = viewerFlags({ userId: 1, eventRole: null, orgRole: "owner" }, 7);
const event = { multiSession: false, private: false };

function renderBar(broadcastType: BroadcastType) {
  const room = roomFixture({ state: "broadcasting", broadcastType });
  const api = stubApi(() => ({
    status: 200,
    body: { session: { ...room.session, state: "ended" }, stream: null },
  }));
  renderWithQueries(<HostControlBar room={room} flags={owner} event={event} />);
  return api;
}

describe("HostControlBar: the end of an RTMP broadcast (spec 2 §4)", () => {
  test("rtmp-native ends in one step: 'End broadcast' sets the session to ended", async () => {
    const api = renderBar("rtmp-native");
    expect(screen.queryByRole("button", { name: "End live" })).toBeNull();
    await userEvent.click(screen.getByRole("button", { name: "End broadcast" }));
    await waitFor(() => expect(api.requests).toHaveLength(1));
    expect(api.requests[0]).toMatchObject({
      method: "POST",
      path: "/api/video-session/update-video-session",
      body: { video_session_id: 7, event_id: 3, video_session_state: "ended" },
    });
  });

  test.each(["rtmp", "webrtc"] as const)("%s ends live into the post-event first", (broadcastType) => {
    renderBar(broadcastType);
    expect(screen.getByRole("button", { name: "End live" })).toBeTruthy();
    expect(screen.queryByRole("button", { name: "End broadcast" })).toBeNull();
  });
});
