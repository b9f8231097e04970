import type { EventPageData, VideoSessionSummary } from "@onstage/domain";
import { Room } from "../room/Room";
import { WelcomeDialogs } from "../welcome/WelcomeDialogs";
import "./event-page.css";

export interface LiveRoomProps {
  data: EventPageData;
  session: VideoSessionSummary | null;
}

/** Spec 1 §2 live room: the session's room, and the blocking welcome dialogs over it. */
export function LiveRoom({ data, session }: LiveRoomProps) {
  if (!session) {
    return (
      <div className="live-room">
        <h1 className="live-room__title">{data.event.title}</h1>
        <p className="live-room__stage">This event has no session yet.</p>
        <WelcomeDialogs />
      </div>
    );
  }
  return (
    <div className="room-page">
      <Room data={data} session={session} />
      <WelcomeDialogs />
    </div>
  );
}
