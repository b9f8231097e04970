import { PopOutButton, popOutPath } from "../chat/ChatToolbar";
import type { RoomModule } from "../room-kit/roomModule";
import { QuestionsPanel } from "./QuestionsPanel";
import { useQuestions } from "./useQuestions";

/** Spec 2 §1, §2: the Q&A module; hidden from guests when disabled (domain visibleModules). */
export const questionsModule: RoomModule = {
  id: "qa",
  label: "Q&A",
  isShown: (visible) => visible.includes("qa"),
  usePanel({ props: { data, room, urlHash, viewer }, isShown, countUnread }) {
    const questions = useQuestions(isShown ? room.session.id : null, viewer.userId, countUnread);
    const eventCode = data.event.eventCode;
    return (
      <QuestionsPanel
        room={room}
        viewer={viewer}
        questions={questions}
        sessionPath={`/c/${encodeURIComponent(eventCode)}/${encodeURIComponent(urlHash)}`}
        toolbar={<PopOutButton url={popOutPath(eventCode, urlHash, "qa")} label="Pop out Q&A" />}
      />
    );
  },
};
