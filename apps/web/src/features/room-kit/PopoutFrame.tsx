import type { EventPageData, RoomResponse, VideoSessionSummary } from "@onstage/domain";
import type { ReactNode } from "react";
import { Link, useParams } from "wouter";
import { useDocumentTitle } from "../../lib/useDocumentTitle";
import { Spinner } from "../../ui/Spinner";
import { SignInDialogHost } from "../auth/SignInDialogHost";
import { decideEventView } from "../event-page/eventView";
import { pickSession } from "../event-page/pickSession";
import { useEventPage } from "../event-page/useEventPage";
import { RealtimeProvider } from "../realtime/RealtimeProvider";
import { useRoom } from "./useRoom";
import "./room-kit.css";

export interface PopoutPlace {
  data: EventPageData;
  session: VideoSessionSummary;
  room: RoomResponse;
}

export interface PopoutFrameProps {
  title: string;
  /** The module named in the address exists. */
  isKnown: boolean;
  texts: { loading: string; failed: string; gone: string };
  children: (place: PopoutPlace) => ReactNode;
}

/**
 * /c/{eventCode}/{urlHash}/popout/{module}: one module alone in its own window (spec 2 §1), standalone:
 * its own connection, no presence and no tab claim (it is not a second room).
 */
export function PopoutFrame({ title, isKnown, texts, children }: PopoutFrameProps) {
  const { eventCode = "", urlHash = "" } = useParams();
  const query = useEventPage(eventCode);
  const data = query.data ?? null;
  const session = data ? pickSession(data.sessions, urlHash) : null;
  const isAvailable =
    data !== null &&
    session !== null &&
    isKnown &&
    decideEventView(data, session, { isPreview: false, wantsReplay: false }) === "room";
  useDocumentTitle(data ? `${title} · ${data.event.title}` : title);

  return (
    <main className="popout">
      {query.isPending && eventCode !== "" ? (
        <Spinner label={texts.loading} />
      ) : isAvailable && data && session ? (
        <RealtimeProvider>
          <PopoutRoom data={data} session={session} texts={texts}>
            {children}
          </PopoutRoom>
        </RealtimeProvider>
      ) : (
        <div className="popout__gone">
          <h1 className="popout__title">{title}</h1>
          <p>{texts.gone}</p>
          <Link to={`/c/${encodeURIComponent(eventCode)}`}>Go to the event page</Link>
        </div>
      )}
      <SignInDialogHost />
    </main>
  );
}

function PopoutRoom({
  data,
  session,
  texts,
  children,
}: Omit<PopoutPlace, "room"> & Pick<PopoutFrameProps, "texts" | "children">) {
  const room = useRoom(session.id);
  if (room.isPending) return <Spinner label={texts.loading} />;
  if (room.isError) return <p role="alert">{texts.failed}</p>;
  return children({ data, session, room: room.data });
}
