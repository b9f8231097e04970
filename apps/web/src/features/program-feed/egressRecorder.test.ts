import { EventEmitter } from "node:events";
import type { Room } from "livekit-client";
import { afterEach, describe, expect, it, vi } from "vitest";
import { egressJoin } from "./egressJoin";
import { egressRecorder } from "./egressRecorder";

// Egress reads the template's console: START_RECORDING starts the recording, END_RECORDING ends it.

/** What the egress SDK touches of a livekit-client Room: its events and the local participant's. */
function fakeRoom() {
  const room = new EventEmitter() as EventEmitter & {
    localParticipant: EventEmitter & { metadata?: string };
  };
  room.localParticipant = new EventEmitter();
  return room;
}

/** The signal lines among what the page logged. */
const signals = (calls: unknown[][]) =>
  calls.map(([line]) => String(line)).filter((line) => line.endsWith("_RECORDING"));

describe("the recorder view as Egress's template", () => {
  afterEach(() => vi.restoreAllMocks());

  it("knows Egress by the url and token it opens the page with", () => {
    expect(egressJoin(new URLSearchParams("recorder-view"))).toBeNull();
    expect(
      egressJoin(new URLSearchParams("recorder-view&url=wss%3A%2F%2Flk.example&token=abc&layout=program")),
    ).toEqual({
      provider: "livekit",
      url: "wss://lk.example",
      token: "abc",
      canPublish: false,
    });
  });

  it("logs START_RECORDING once when the room is ready, and END_RECORDING when the room goes", () => {
    const log = vi.spyOn(console, "log").mockImplementation(() => undefined);
    const ready = egressRecorder();
    const room = fakeRoom();
    expect(signals(log.mock.calls)).toEqual([]);
    ready(room as unknown as Room);
    // A reconnect hands the room over again: the recording goes on.
    ready(room as unknown as Room);
    expect(signals(log.mock.calls)).toEqual(["START_RECORDING"]);
    room.emit("disconnected");
    expect(signals(log.mock.calls)).toEqual(["START_RECORDING", "END_RECORDING"]);
  });
});
