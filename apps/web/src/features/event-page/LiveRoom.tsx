import { WelcomeDialogs } from "../welcome/WelcomeDialogs";
import "./event-page.css";

export interface LiveRoomProps {
  eventTitle: string;
  sessionTitle: string | null;
}

// TODO(stage): spec 2 builds the stage (video, sidebar modules) in this room.
export function LiveRoom({ eventTitle, sessionTitle }: LiveRoomProps) {
  return (
    <div className="live-room">
      <h1 className="live-room__title">{eventTitle}</h1>
      {sessionTitle && <p className="live-room__session">{sessionTitle}</p>}
      <p className="live-room__stage">The live stage opens here.</p>
      <WelcomeDialogs />
    </div>
  );
}
