import { useParams } from "wouter";
import { useMe } from "../account/useMe";
import { viewerFlagsFor } from "../event-page/eventView";
import { ConnectionStatus } from "../room-kit/ConnectionStatus";
import { PopoutFrame, type PopoutPlace } from "../room-kit/PopoutFrame";
import { DecideViewAgain, useSessionTopic } from "../room-kit/sessionTopic";
import { QuestionsPanel } from "./QuestionsPanel";
import { useQuestions } from "./useQuestions";

/** /c/{eventCode}/{urlHash}/popout/qa: the Q&A alone in its own window (spec 2 §1). */
export function QuestionsPopoutPage() {
  return (
    <PopoutFrame
      title="Q&A"
      isKnown
      texts={{
        loading: "Loading questions…",
        failed: "Failed to fetch questions",
        gone: "This Q&A is not available.",
      }}
    >
      {(place) => <PopoutQuestions {...place} />}
    </PopoutFrame>
  );
}

function PopoutQuestions({ data, session, room }: PopoutPlace) {
  const { urlHash = "" } = useParams();
  const { user } = useMe();
  const flags = viewerFlagsFor(data, session);
  // The session topic keeps the room's settings (disable_qa, the on-stage toggles) current here too.
  useSessionTopic(room);
  const questions = useQuestions(room.session.id, user?.id ?? null);
  const viewer = {
    userId: user?.id ?? null,
    emailVerified: user?.emailVerified ?? room.viewer.emailVerified,
    flags,
  };
  return (
    <>
      <h1 className="popout__title">Q&A · {data.event.title}</h1>
      <ConnectionStatus />
      <DecideViewAgain eventCode={data.event.eventCode} state={room.session.state} />
      <QuestionsPanel
        room={room}
        viewer={viewer}
        questions={questions}
        sessionPath={`/c/${encodeURIComponent(data.event.eventCode)}/${encodeURIComponent(urlHash)}`}
      />
    </>
  );
}
