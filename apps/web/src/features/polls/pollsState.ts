import {
  countsAfterAnswer,
  type Poll,
  type PollResults,
  type PollsResponse,
  type TypedTopicMessage,
} from "@onstage/domain";

// The polls panel's state: the list as loaded, kept in step by the polls topic and the viewer's clicks.

export interface PollsState {
  status: "loading" | "ready" | "failed";
  polls: Poll[];
  /** Poll id → the viewer's option. */
  myAnswers: Record<number, number>;
  /** False: the counts leave the viewer's answers out, and this tab adds them (docs/decisions.md). */
  myAnswersCounted: boolean;
  mayManage: boolean;
}

export type PollsAction =
  | { type: "reset" }
  | { type: "failed" }
  | { type: "loaded"; response: PollsResponse }
  | { type: "saved"; poll: Poll }
  | { type: "removed"; pollId: number }
  | { type: "reordered"; order: number[] }
  | { type: "results"; results: PollResults }
  | { type: "answered"; pollId: number; optionId: number | null }
  /** The viewer's answer given in another tab (user topic): the counts come with the results. */
  | { type: "answerSynced"; pollId: number; optionId: number | null };

export const initialPollsState: PollsState = {
  status: "loading",
  polls: [],
  myAnswers: {},
  myAnswersCounted: true,
  mayManage: false,
};

const byOrder = (polls: Poll[]) => [...polls].sort((a, b) => a.order - b.order || a.id - b.id);

function withCounts(poll: Poll, counts: Record<number, number>): Poll {
  return {
    ...poll,
    options: poll.options.map((o) => (o.answers === null ? o : { ...o, answers: counts[o.id] ?? 0 })),
  };
}

function countsOf(poll: Poll): Record<number, number> {
  return Object.fromEntries(poll.options.map((o) => [o.id, o.answers ?? 0]));
}

export function pollsReducer(state: PollsState, action: PollsAction): PollsState {
  switch (action.type) {
    case "reset":
      return initialPollsState;
    case "failed":
      return { ...state, status: "failed" };
    case "loaded": {
      const { polls, myAnswers, myAnswersCounted, mayManage } = action.response;
      const answers = Object.fromEntries(myAnswers.map((a) => [a.pollId, a.optionId]));
      return { status: "ready", polls, myAnswers: answers, myAnswersCounted, mayManage };
    }
    case "saved": {
      const others = state.polls.filter((p) => p.id !== action.poll.id);
      return { ...state, polls: byOrder([...others, action.poll]) };
    }
    case "removed":
      return { ...state, polls: state.polls.filter((p) => p.id !== action.pollId) };
    case "reordered": {
      const position = new Map(action.order.map((id, i) => [id, i]));
      const polls = state.polls.map((p) => ({ ...p, order: position.get(p.id) ?? p.order }));
      return { ...state, polls: byOrder(polls) };
    }
    case "results": {
      const counts = Object.fromEntries(action.results.counts.map((c) => [c.optionId, c.answers]));
      const polls = state.polls.map((p) => (p.id === action.results.pollId ? withCounts(p, counts) : p));
      return { ...state, polls };
    }
    case "answered": {
      const from = state.myAnswers[action.pollId] ?? null;
      const next = withMyAnswer(state, action.pollId, action.optionId);
      if (!state.myAnswersCounted) return next;
      const polls = state.polls.map((p) =>
        p.id === action.pollId ? withCounts(p, countsAfterAnswer(countsOf(p), from, action.optionId)) : p,
      );
      return { ...next, polls };
    }
    case "answerSynced":
      return withMyAnswer(state, action.pollId, action.optionId);
  }
}

function withMyAnswer(state: PollsState, pollId: number, optionId: number | null): PollsState {
  const myAnswers = { ...state.myAnswers };
  if (optionId === null) delete myAnswers[pollId];
  else myAnswers[pollId] = optionId;
  return { ...state, myAnswers };
}

/** The poll as this viewer sees it: with their own answer when the counts leave it out. */
export function pollAsSeen(poll: Poll, state: PollsState): Poll {
  const mine = state.myAnswers[poll.id] ?? null;
  if (state.myAnswersCounted || mine === null) return poll;
  return withCounts(poll, countsAfterAnswer(countsOf(poll), null, mine));
}

/** The state change a polls topic message makes. */
export function pollsActionFor(message: TypedTopicMessage<"polls" | "polls-team">): PollsAction {
  switch (message.event) {
    case "poll.saved":
      return { type: "saved", poll: message.payload };
    case "poll.removed":
      return { type: "removed", pollId: message.payload.pollId };
    case "polls.reordered":
      return { type: "reordered", order: message.payload.order };
    case "poll.results":
      return { type: "results", results: message.payload };
  }
}
