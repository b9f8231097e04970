import { canReopenQuestions, type Question, STAGE_TOAST_MS } from "@onstage/domain";
import { toast } from "../../ui/toast";
import { PopOutButton, popOutPath } from "../chat/ChatToolbar";
import type { RoomModule } from "../room-kit/roomModule";
import { QuestionsPanel } from "./QuestionsPanel";
import { useQuestions } from "./useQuestions";

/** Spec 2 §7's question-asked notification: the team hears of each new question wherever it is in the room. */
export function questionAskedText(question: Pick<Question, "content" | "user">): string {
  const name = `${question.user.firstName} ${question.user.lastName}`.trim();
  const words = question.content.length > 80 ? `${question.content.slice(0, 79)}…` : question.content;
  return `New question from ${name}: ${words}`;
}

/** Spec 2 §1, §2: the Q&A module; hidden from guests when disabled (domain visibleModules). */
export const questionsModule: RoomModule = {
  id: "qa",
  label: "Q&A",
  isShown: (visible) => visible.includes("qa"),
  usePanel({ props: { data, room, urlHash, viewer }, isShown, countUnread }) {
    const isTeam = canReopenQuestions(viewer.flags);
    const questions = useQuestions(isShown ? room.session.id : null, viewer.userId, (question) => {
      countUnread();
      if (isTeam) toast.info(questionAskedText(question), { durationMs: STAGE_TOAST_MS });
    });
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
