import { canDeleteComment, canEditComment, type Question, type QuestionComment } from "@onstage/domain";
import { useId, useState } from "react";
import { Button } from "../../ui/Button";
import { warnEmailNotVerified } from "../chat/emailToast";
import { MessageEditor } from "../room-kit/MessageEditor";
import type { ChatViewer } from "../room-kit/roomModule";

export interface CommentActions {
  add: (text: string) => Promise<boolean>;
  edit: (comment: QuestionComment, text: string) => Promise<boolean>;
  remove: (comment: QuestionComment) => void;
}

const nameOf = (user: QuestionComment["user"]) => `${user.firstName} ${user.lastName}`.trim();

/** A question's comments: the author edits, the author or a studio admin deletes (spec 2 §6). */
export function QuestionComments({
  question,
  viewer,
  actions,
}: {
  question: Question;
  viewer: ChatViewer;
  actions: CommentActions;
}) {
  const id = useId();
  const [draft, setDraft] = useState("");
  const [editing, setEditing] = useState<number | null>(null);
  const submit = async () => {
    if (!viewer.emailVerified) return warnEmailNotVerified();
    // Spec 2 §5: comment text is trimmed; nothing is sent if empty.
    if (draft.trim() === "") return;
    if (await actions.add(draft)) setDraft("");
  };
  return (
    <div className="qa-comments">
      <ul className="qa-comments__list">
        {question.comments.map((comment) => (
          <li key={comment.id} className="qa-comments__item">
            <span className="qa-question__author">{nameOf(comment.user)}</span>
            {editing === comment.id ? (
              <MessageEditor
                text={comment.content}
                label="Edit comment"
                onSave={async (text) => {
                  if (!(await actions.edit(comment, text))) throw new Error("not saved");
                }}
                onCancel={() => setEditing(null)}
              />
            ) : (
              <p className="qa-comments__text">{comment.content}</p>
            )}
            {canEditComment(viewer.userId, comment.userId) && editing !== comment.id && (
              <Button variant="ghost" size="sm" onClick={() => setEditing(comment.id)}>
                Edit comment
              </Button>
            )}
            {canDeleteComment(viewer.flags, viewer.userId, comment.userId) && (
              <Button variant="ghost" size="sm" onClick={() => actions.remove(comment)}>
                Delete comment
              </Button>
            )}
          </li>
        ))}
      </ul>
      {viewer.userId !== null && (
        <form
          className="qa-comments__form"
          onSubmit={(event) => {
            event.preventDefault();
            void submit();
          }}
        >
          <label className="visually-hidden" htmlFor={id}>
            Add a comment
          </label>
          <input
            id={id}
            className="qa-comments__input"
            placeholder="Add a comment"
            value={draft}
            readOnly={!viewer.emailVerified}
            onChange={(event) => setDraft(event.target.value)}
          />
          <Button type="submit" size="sm" variant="secondary">
            Comment
          </Button>
        </form>
      )}
    </div>
  );
}
