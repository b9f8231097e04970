import { answerAfterClick, type Poll } from "@onstage/domain";
import { useCallback, useEffect, useMemo, useReducer, useRef, useState } from "react";
import { failureText } from "../../api";
import { toast } from "../../ui/toast";
import { warnEmailNotVerified } from "../chat/emailToast";
import { type InStepOptions, useInStep } from "../player/useInStep";
import { useTopic } from "../realtime/useTopic";
import { answerPoll, deletePoll, fetchPolls, removePollAnswer, reorderPolls, updatePoll } from "./pollsApi";
import { initialPollsState, pollAsSeen, pollsActionFor, pollsReducer } from "./pollsState";

const FAILURE_TOAST_MS = 5_000;
const showFailure = (error: unknown) => toast.error(failureText(error), { durationMs: FAILURE_TOAST_MS });

/**
 * Issue 12 §11: a poll reaches the audience when their picture shows the moment it was launched; hiding
 * it takes it away at once (it leaves the list), and its results are not held.
 */
const POLLS_IN_STEP: InStepOptions<Poll> = {
  keyOf: (poll) => poll.id,
  happenedAtMs: (poll) => Date.parse(poll.shownAt ?? poll.createdAt),
};

/**
 * The session's polls (spec 2 §4): loaded once, then kept by the polls topic the viewer may read
 * (managers: every poll; others: shown ones) and the viewer's own topic (their answers in other tabs).
 * `shown` is what the panel lists: the managers' every poll at once, the audience's in step with their
 * picture; `onArrived` hears a poll newly shown there (unread badge).
 */
export function usePolls(
  sessionId: number | null,
  eventId: number,
  userId: number | null,
  onArrived?: () => void,
) {
  const [state, dispatch] = useReducer(pollsReducer, initialPollsState);
  const [since, setSince] = useState<number | null>(null);
  const arrived = useRef(onArrived);
  const known = useRef(new Set<number>());
  useEffect(() => {
    arrived.current = onArrived;
  });

  const load = useCallback(async () => {
    if (sessionId === null) return;
    try {
      const response = await fetchPolls(sessionId);
      known.current = new Set(response.polls.map((p) => p.id));
      dispatch({ type: "loaded", response });
      return response;
    } catch (error) {
      console.error("Failed to fetch polls", error);
      dispatch({ type: "failed" });
    }
  }, [sessionId]);

  useEffect(() => {
    dispatch({ type: "reset" });
    setSince(null);
    void load().then((response) => response && setSince(response.seq));
  }, [load]);

  const kind = state.mayManage ? "polls-team" : "polls";
  useTopic(sessionId !== null && since !== null ? { kind, id: sessionId } : null, {
    since,
    refetch: load,
    onMessage: (message) => {
      dispatch(pollsActionFor(message));
    },
  });
  useTopic(sessionId !== null && userId !== null ? { kind: "user", id: userId } : null, {
    refetch: load,
    onMessage: (message) => {
      if (message.event !== "poll.answered") return;
      dispatch({ type: "answerSynced", ...message.payload });
    },
  });

  const inStep = useInStep(state.polls, POLLS_IN_STEP);
  const shown = useMemo(
    () => (state.mayManage ? state.polls : inStep).map((poll) => pollAsSeen(poll, state)),
    [state, inStep],
  );
  // Polls of the loaded list are not new; any other counts once, when this viewer first sees it.
  useEffect(() => {
    for (const poll of shown) {
      if (known.current.has(poll.id)) continue;
      known.current.add(poll.id);
      arrived.current?.();
    }
  }, [shown]);

  /** Spec 2 §4: set, switch, or remove by clicking the same option again; shown at once. */
  const vote = useCallback(
    async (poll: Poll, optionId: number, emailVerified: boolean) => {
      if (!emailVerified) return warnEmailNotVerified();
      const current = state.myAnswers[poll.id] ?? null;
      const next = answerAfterClick(current, optionId);
      dispatch({ type: "answered", pollId: poll.id, optionId: next });
      try {
        if (next === null) await removePollAnswer(poll.id);
        else await answerPoll(poll.id, next);
      } catch (error) {
        dispatch({ type: "answered", pollId: poll.id, optionId: current });
        showFailure(error);
      }
    },
    [state.myAnswers],
  );

  const toggle = useCallback(
    (poll: Poll, set: { hidden?: boolean; show_answers?: boolean }) =>
      updatePoll(poll.id, eventId, { set }).then(
        (r) => dispatch({ type: "saved", poll: r.poll }),
        showFailure,
      ),
    [eventId],
  );

  const remove = useCallback(
    (poll: Poll) =>
      deletePoll(poll.id, eventId).then(() => dispatch({ type: "removed", pollId: poll.id }), showFailure),
    [eventId],
  );

  /** Moves a poll one place up (-1) or down (+1) in the team's order. */
  const move = useCallback(
    (poll: Poll, by: -1 | 1) => {
      if (sessionId === null) return;
      const order = state.polls.map((p) => p.id);
      const from = order.indexOf(poll.id);
      const to = from + by;
      if (from < 0 || to < 0 || to >= order.length) return;
      [order[from], order[to]] = [order[to] ?? poll.id, poll.id];
      dispatch({ type: "reordered", order });
      reorderPolls(sessionId, order).catch((error: unknown) => {
        showFailure(error);
        void load();
      });
    },
    [sessionId, state.polls, load],
  );

  const saved = useCallback((poll: Poll) => {
    known.current.add(poll.id);
    dispatch({ type: "saved", poll });
  }, []);

  return { state, shown, vote, toggle, remove, move, saved, retry: load };
}

export type PollsHandle = ReturnType<typeof usePolls>;
