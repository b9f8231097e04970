// @vitest-environment happy-dom
import { type RoomSession, viewerFlags } from "@onstage/domain";
import { screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { useState } from "react";
import { describe, expect, test } from "vitest";
import { renderWithQueries, stubApi } from "../../testing/apiStub";
import { recordingPlaylist } from "../../testing/clipFixture";
import { roomFixture } from "../../testing/roomFixture";
import { usePlayback } from "../player/playbackApi";
import { CreateClipButton } from "./CreateClipButton";
import { playbackAnswer } from "./clipsPanelHarness";
import { ClipsRoomProvider, useClipsPanelOpen, useReplayVideo } from "./clipsRoom";

// Spec 2 §5, §9: the player's Clip button, for who may clip, around the replay's position; one Clip
// button on screen at a time (the panel's, while it is open).

const guest = viewerFlags({ userId: 1, eventRole: "guest", orgRole: null }, 7);

function Replay() {
  const replay = useReplayVideo();
  return <video ref={replay ?? undefined} aria-label="Replay" muted />;
}

/** Shows once the playback answer the button decides by is in. */
function PlaybackProbe() {
  return usePlayback(7, true).data ? <p>Playback known</p> : null;
}

function Panel() {
  useClipsPanelOpen();
  return <p>Clips panel</p>;
}

function Room({ session }: { session: Partial<RoomSession> }) {
  const [isPanelOpen, setPanelOpen] = useState(false);
  return (
    <ClipsRoomProvider>
      <Replay />
      <PlaybackProbe />
      <CreateClipButton
        place="player"
        event={{ id: 3, private: false, disableClipping: false }}
        room={roomFixture(session)}
        flags={guest}
      />
      <button type="button" onClick={() => setPanelOpen(!isPanelOpen)}>
        Clips tab
      </button>
      {isPanelOpen && <Panel />}
    </ClipsRoomProvider>
  );
}

function setUp(session: Partial<RoomSession>) {
  stubApi((request) =>
    /\.m3u8(\?|$)/.test(request.path) ? recordingPlaylist(1_000) : { status: 200, body: playbackAnswer() },
  );
  renderWithQueries(<Room session={session} />);
}

describe("the player's Clip button", () => {
  test("a guest clips a replay around where the replay is", async () => {
    setUp({ state: "ended" });
    Object.defineProperty(screen.getByLabelText("Replay"), "currentTime", {
      value: 500.4,
      configurable: true,
    });
    await userEvent.click(await screen.findByRole("button", { name: "Clip" }));
    const start = (await screen.findByRole("slider", { name: "Start" })) as HTMLInputElement;
    const end = screen.getByRole("slider", { name: "End" }) as HTMLInputElement;
    expect([start.value, end.value]).toEqual(["470", "500"]);
  });

  test("it is not there for a guest while live (clips come after the session)", async () => {
    setUp({ state: "broadcasting" });
    await screen.findByText("Playback known");
    expect(screen.queryByRole("button", { name: "Clip" })).toBeNull();
  });

  test("it steps aside while the clips panel, with its own Clip button, is open", async () => {
    setUp({ state: "ended" });
    await screen.findByRole("button", { name: "Clip" });
    await userEvent.click(screen.getByRole("button", { name: "Clips tab" }));
    expect(screen.queryByRole("button", { name: "Clip" })).toBeNull();
    await userEvent.click(screen.getByRole("button", { name: "Clips tab" }));
    expect(await screen.findByRole("button", { name: "Clip" })).toBeTruthy();
  });
});
