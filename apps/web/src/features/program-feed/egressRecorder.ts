import EgressHelper from "@livekit/egress-sdk";
import type { Room } from "livekit-client";

// The recorder view as LiveKit Egress's custom template (issue 13 §5): Egress records from the page's
// START_RECORDING log line and stops at END_RECORDING (both logged by @livekit/egress-sdk; Egress reads
// the page's console).

/**
 * Egress starts recording once the page has the room and its first frame: START_RECORDING once for the
 * page's life, whatever reconnects follow; END_RECORDING when the room disconnects (the session ended
 * and its room closed), which the SDK signals itself from setRoom.
 */
export function egressRecorder() {
  let isRecording = false;
  return (room: Room) => {
    EgressHelper.setRoom(room);
    if (isRecording) return;
    isRecording = true;
    EgressHelper.startRecording();
  };
}
