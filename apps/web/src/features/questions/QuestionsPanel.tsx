import {
  canReopenQuestions,
  canToggleQaOnStage,
  errorMessage,
  QUESTIONS_SIDEBAR_SLIDE_IN_DELAY_MS,
  type Question,
  questionInStep,
  questionsOfTab,
  type RoomResponse,
} from "@onstage/domain";
import { type ReactNode, useState } from "react";
import { Spinner } from "../../ui/Spinner";
import { Tabs } from "../../ui/Tabs";
import { type InStepViewOptions, useInStepView } from "../player/useInStep";
import type { ChatViewer } from "../room-kit/roomModule";
import { AskQuestionForm } from "./AskQuestionForm";
import { QaToggles } from "./QaToggles";
import { type QuestionActions, QuestionItem } from "./QuestionItem";
import * as qa from "./questionsApi";
import { useHeldQuestions } from "./useHeldQuestions";
import type { QuestionsState } from "./useQuestions";
import "./questions.css";

type SubTab = "open" | "answered";
const SUB_TABS = [
  { id: "open", label: "Open" },
  { id: "answered", label: "Answered" },
] as const;
// Spec 2 §8 empty states.
const EMPTY: Record<SubTab, string> = { open: "No open questions", answered: "No answered questions" };
const NO_QUESTIONS: Question[] = [];
/** Issue 12 §11: asked at once live, answered when the picture shows it; the replay replays both. */
const QUESTIONS_IN_STEP: InStepViewOptions<Question, Question> = {
  keyOf: (question) => question.id,
  view: questionInStep,
};

export interface QuestionsPanelProps {
  room: RoomResponse;
  viewer: ChatViewer;
  questions: QuestionsState;
  /** /c/{eventCode}/{urlHash}, for the replay links. */
  sessionPath: string;
  toolbar?: ReactNode;
}

/** Spec 2 §2: the Q&A tab with Open and Answered sub-tabs and the 'Ask a question' input. */
export function QuestionsPanel({ room, viewer, questions, sessionPath, toolbar }: QuestionsPanelProps) {
  const [tab, setTab] = useState<SubTab>("open");
  const held = useHeldQuestions();
  const loaded = questions.query.data?.questions ?? NO_QUESTIONS;
  const inStep = useInStepView(loaded, QUESTIONS_IN_STEP);
  const { session } = room;
  const { run } = questions;
  if (session.disableQa && !viewer.flags.isTeam)
    return <p className="qa-panel__note">{errorMessage("qa_disabled")}</p>;

  const actions: QuestionActions = {
    edit: (q, text) => run(() => qa.editQuestion(q.id, text, session.eventId)),
    remove: (q) => void run(() => qa.deleteQuestion(q.id, session.eventId)),
    upvote: (q, add) => run(() => qa.upvoteQuestion(q.id, add)),
    answer: async (q, done) => {
      const ok = await run(() => qa.answerQuestion(q.id, session.eventId, done));
      if (ok && done) held.hold(q.id);
      return ok;
    },
    hideFromStage: (q) => void run(() => qa.hideQuestionFromStage(q.id, session.eventId)),
    comments: (q: Question) => ({
      add: (text) => run(() => qa.commentOnQuestion(q.id, text)),
      edit: (comment, text) => run(() => qa.editComment(comment.id, text)),
      remove: (comment) => void run(() => qa.deleteComment(comment.id, session.eventId)),
    }),
  };
  // The people who answer and reopen questions see them as they are.
  const all = canReopenQuestions(viewer.flags) ? loaded : inStep;
  const shown = questionsOfTab(all, tab, held.ids);
  const mode = viewer.userId === null ? "visitor" : viewer.emailVerified ? "ready" : "unverified";
  return (
    <section
      className="qa-panel"
      aria-label="Q&A"
      // Spec 2 §9: the questions sidebar slides in over QUESTIONS_SIDEBAR_SLIDE_IN_DELAY_MS.
      style={{ animationDuration: `${QUESTIONS_SIDEBAR_SLIDE_IN_DELAY_MS}ms` }}
    >
      <div className="qa-panel__toolbar">
        {canToggleQaOnStage(viewer.flags) && <QaToggles room={room} />}
        {toolbar}
      </div>
      {session.disableQa && <p className="qa-panel__note">{errorMessage("qa_disabled")}</p>}
      <AskQuestionForm mode={mode} onAsk={(text) => run(() => qa.askQuestion(session.id, text))} />
      <Tabs block="qa-tabs" label="Questions" tabs={SUB_TABS} selected={tab} onSelect={setTab}>
        {questions.query.isPending ? (
          <Spinner label="Loading questions…" />
        ) : shown.length === 0 ? (
          <p className="qa-panel__empty">{EMPTY[tab]}</p>
        ) : (
          <ul className="qa-panel__list">
            {shown.map((question) => (
              <QuestionItem
                key={question.id}
                question={question}
                session={session}
                viewer={viewer}
                sessionPath={sessionPath}
                secondsLeft={held.secondsLeft(question.id)}
                actions={actions}
              />
            ))}
          </ul>
        )}
      </Tabs>
    </section>
  );
}
