import {
  answeredClipStartSeconds,
  canEditQuestion,
  canReopenQuestions,
  canUpvoteQuestion,
  QUESTION_ANSWER_CLICK_GUARD_MS,
  type Question,
  qaStageCard,
  type RoomSession,
} from "@onstage/domain";
import { useRef, useState } from "react";
import { Link } from "wouter";
import { Button } from "../../ui/Button";
import { warnEmailNotVerified } from "../chat/emailToast";
import { namesOf, usePeople } from "../people-directory/usePeople";
import { MessageEditor } from "../room-kit/MessageEditor";
import type { ChatViewer } from "../room-kit/roomModule";
import { type CommentActions, QuestionComments } from "./QuestionComments";
import { useUpvote } from "./useUpvote";

export interface QuestionActions {
  edit: (question: Question, text: string) => Promise<boolean>;
  remove: (question: Question) => void;
  upvote: (question: Question, add: boolean) => Promise<unknown>;
  /** Done (true) or reopen (false). */
  answer: (question: Question, done: boolean) => Promise<boolean>;
  /** Issue 12: take the question shown on stage off it. */
  hideFromStage: (question: Question) => void;
  comments: (question: Question) => CommentActions;
}

export interface QuestionItemProps {
  question: Question;
  session: RoomSession;
  viewer: ChatViewer;
  /** The replay link's base: /c/{eventCode}/{urlHash}. */
  sessionPath: string;
  /** Seconds left of the re-sort countdown after Done; null when not held. */
  secondsLeft: number | null;
  actions: QuestionActions;
}

const minutes = (seconds: number) => `${Math.floor(seconds / 60)}:${String(seconds % 60).padStart(2, "0")}`;

/** One question with its upvotes, the team's Answer/Done and Reopen, edit, delete and comments. */
export function QuestionItem({
  question,
  session,
  viewer,
  sessionPath,
  secondsLeft,
  actions,
}: QuestionItemProps) {
  const [isEditing, setEditing] = useState(false);
  const [showComments, setShowComments] = useState(false);
  const lastAnswerClick = useRef(0);
  const hasUpvoted = viewer.userId !== null && question.upvotes.includes(viewer.userId);
  const upvote = useUpvote(hasUpvoted, (add) => actions.upvote(question, add));
  const count = question.upvotes.length - Number(hasUpvoted) + Number(upvote.isUpvoted);
  const isTeam = canReopenQuestions(viewer.flags);
  const clipStart =
    session.state === "ended"
      ? answeredClipStartSeconds(question.answeredTimestamp, session.timeBroadcastStart)
      : null;
  // Spec 2 §9: a second click within 1 s of the last is ignored (no double Done).
  const onAnswer = (done: boolean) => {
    const now = Date.now();
    if (now - lastAnswerClick.current < QUESTION_ANSWER_CLICK_GUARD_MS) return;
    lastAnswerClick.current = now;
    void actions.answer(question, done);
  };
  const author = `${question.user.firstName} ${question.user.lastName}`.trim();
  // Issue 29 §3: who upvoted, from the room's people directory (the question carries their ids only).
  const upvoters = namesOf(question.upvotes, usePeople(question.upvotes));
  const upvotedBy = upvoters ? `Upvoted by ${upvoters}` : undefined;
  return (
    <li className="qa-question" aria-label={`Question from ${author}`}>
      <div className="qa-question__meta">
        <span className="qa-question__author">{author}</span>
        {canUpvoteQuestion(viewer.userId, question.userId) ? (
          <Button
            variant={upvote.isUpvoted ? "primary" : "secondary"}
            size="sm"
            aria-pressed={upvote.isUpvoted}
            aria-label={`Upvote, ${count} upvotes`}
            title={upvotedBy}
            onClick={() => (viewer.emailVerified ? upvote.toggle() : warnEmailNotVerified())}
          >
            ▲ {count}
          </Button>
        ) : (
          <span className="qa-question__count" title={upvotedBy}>
            {count} {count === 1 ? "upvote" : "upvotes"}
          </span>
        )}
      </div>
      {isEditing ? (
        <MessageEditor
          text={question.content}
          label="Edit question"
          onSave={async (text) => {
            if (!(await actions.edit(question, text))) throw new Error("not saved");
          }}
          onCancel={() => setEditing(false)}
        />
      ) : (
        <p className="qa-question__text">{question.content}</p>
      )}
      <div className="qa-question__actions">
        {isTeam && !question.answered && session.state === "broadcasting" && (
          <Button size="sm" onClick={() => onAnswer(true)}>
            Answer
          </Button>
        )}
        {question.answered && secondsLeft !== null && (
          <span className="qa-question__done" role="status">
            Done · moving to Answered in {secondsLeft} s
          </span>
        )}
        {isTeam && question.answered && secondsLeft === null && (
          <Button size="sm" variant="secondary" onClick={() => onAnswer(false)}>
            Reopen
          </Button>
        )}
        {isTeam && qaStageCard(session)?.questionId === question.id && (
          <Button size="sm" variant="secondary" onClick={() => actions.hideFromStage(question)}>
            Hide from stage
          </Button>
        )}
        {clipStart !== null && (
          <Link className="qa-question__replay" to={`${sessionPath}?clip_start_time=${clipStart}`}>
            View at {minutes(clipStart)}
          </Link>
        )}
        {canEditQuestion(viewer.flags, viewer.userId, question.userId) && !isEditing && (
          <>
            <Button variant="ghost" size="sm" onClick={() => setEditing(true)}>
              Edit
            </Button>
            <Button variant="ghost" size="sm" onClick={() => actions.remove(question)}>
              Delete
            </Button>
          </>
        )}
        <Button
          variant="ghost"
          size="sm"
          aria-expanded={showComments}
          onClick={() => setShowComments((shown) => !shown)}
        >
          Comments ({question.comments.length})
        </Button>
      </div>
      {showComments && (
        <QuestionComments question={question} viewer={viewer} actions={actions.comments(question)} />
      )}
    </li>
  );
}
