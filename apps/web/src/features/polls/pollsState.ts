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
  | { type: "answered"; pollId: number; optionId: number | null };

export const initialPollsState: PollsState = {
  status: "loading",
  polls: [],
  myAnswers: {},
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
      const { polls, myAnswers, mayManage } = action.response;
      const answers = Object.fromEntries(myAnswers.map((a) => [a.pollId, a.optionId]));
      return { status: "ready", polls, myAnswers: answers, mayManage };
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
      const myAnswers = { ...state.myAnswers };
      if (action.optionId === null) delete myAnswers[action.pollId];
      else myAnswers[action.pollId] = action.optionId;
      const polls = state.polls.map((p) =>
        p.id === action.pollId ? withCounts(p, countsAfterAnswer(countsOf(p), from, action.optionId)) : p,
      );
      return { ...state, myAnswers, polls };
    }
  }
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
