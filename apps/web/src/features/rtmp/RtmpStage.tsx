import { rtmpHostScreens } from "@onstage/domain";
import { SessionScreen } from "../player/SessionScreen";
import type { RoomViewProps } from "../room-kit/roomModule";
import { RtmpSetup } from "./RtmpSetup";
import { RtmpStreamerView } from "./RtmpStreamerView";
import "./rtmp.css";

/**
 * Spec 1 §4: the RTMP room layout's video area. No camera stage: the audience's player for everyone,
 * except the owner's or admin's streamer view while the encoder matters, with the RTMP setup below.
 */
export function RtmpStage({ data, room, flags }: RoomViewProps) {
  const { session } = room;
  const screens = rtmpHostScreens({ flags, broadcastType: session.broadcastType, state: session.state });
  return (
    <>
      <div className="rtmp-stage__screen">
        {screens.showsStreamer ? (
          <RtmpStreamerView sessionId={session.id} isLive={session.state === "broadcasting"} />
        ) : (
          <SessionScreen data={data} room={room} flags={flags} />
        )}
      </div>
      {screens.showsSetup && <RtmpSetup sessionId={session.id} />}
    </>
  );
}
