import { type Poll, pollResults, pollVotesLabel } from "@onstage/domain";
import { Button } from "../../ui/Button";

export interface PollCardProps {
  poll: Poll;
  myAnswer: number | null;
  mayManage: boolean;
  isFirst: boolean;
  isLast: boolean;
  onVote: (optionId: number) => void;
  onEdit: () => void;
  onDelete: () => void;
  onToggle: (set: { hidden?: boolean; show_answers?: boolean }) => void;
  onMove: (by: -1 | 1) => void;
}

/** One poll: its options as toggle buttons (the viewer's answer pressed), results when shown to them. */
export function PollCard({
  poll,
  myAnswer,
  mayManage,
  isFirst,
  isLast,
  onVote,
  onEdit,
  onDelete,
  onToggle,
  onMove,
}: PollCardProps) {
  const hasResults = poll.options.every((o) => o.answers !== null);
  const results = pollResults(poll.options.map((o) => ({ id: o.id, answers: o.answers ?? 0 })));
  const resultOf = (id: number) => results.options.find((r) => r.optionId === id);
  const headingId = `poll-${poll.id}-question`;
  return (
    <article className="poll-card" aria-labelledby={headingId}>
      <h3 id={headingId} className="poll-card__question">
        {poll.question}
        {poll.hidden && <span className="poll-card__flag"> (hidden)</span>}
      </h3>
      <ul className="poll-card__options">
        {poll.options.map((option) => {
          const result = resultOf(option.id);
          return (
            <li key={option.id}>
              <button
                type="button"
                className="poll-card__option"
                aria-pressed={myAnswer === option.id}
                disabled={poll.hidden}
                onClick={() => onVote(option.id)}
              >
                <span className="poll-card__text">{option.option}</span>
                {hasResults && result && (
                  <span className="poll-card__result">
                    {result.percent}% ({result.answers})
                  </span>
                )}
              </button>
              {hasResults && result && (
                <div className="poll-card__bar" style={{ width: `${result.percent}%` }} aria-hidden="true" />
              )}
            </li>
          );
        })}
      </ul>
      {hasResults && <p className="poll-card__total">{pollVotesLabel(results.total)}</p>}
      {mayManage && (
        <fieldset className="poll-card__actions" aria-label={`Manage poll: ${poll.question}`}>
          <Button size="sm" variant="ghost" onClick={onEdit}>
            Edit
          </Button>
          <Button size="sm" variant="ghost" onClick={onDelete}>
            Delete
          </Button>
          <Button size="sm" variant="ghost" onClick={() => onToggle({ hidden: !poll.hidden })}>
            {poll.hidden ? "Show poll" : "Hide poll"}
          </Button>
          <Button size="sm" variant="ghost" onClick={() => onToggle({ show_answers: !poll.showAnswers })}>
            {poll.showAnswers ? "Hide answers" : "Show answers"}
          </Button>
          <Button size="sm" variant="ghost" disabled={isFirst} onClick={() => onMove(-1)}>
            Move up
          </Button>
          <Button size="sm" variant="ghost" disabled={isLast} onClick={() => onMove(1)}>
            Move down
          </Button>
        </fieldset>
      )}
    </article>
  );
}
