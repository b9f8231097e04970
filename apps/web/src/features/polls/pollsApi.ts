import { PollResponse, PollsResponse } from "@onstage/domain";
import { api, apiNoContent, jsonBody } from "../../api";

// Spec 2 §7 poll calls. Requests use the spec's snake_case names; answers are camelCase.

export const fetchPolls = (sessionId: number) =>
  api(`/api/polls?video_session_id=${sessionId}`, PollsResponse);

export const createPoll = (input: {
  eventId: number;
  sessionId: number;
  question: string;
  options: string[];
}) =>
  api(
    "/api/polls",
    PollResponse,
    jsonBody({
      event_id: input.eventId,
      session_id: input.sessionId,
      question: input.question,
      options: input.options,
    }),
  );

export const updatePoll = (
  pollId: number,
  eventId: number,
  change: {
    set?: { question?: string; hidden?: boolean; show_answers?: boolean };
    options?: { id?: number; option: string }[];
  },
) => api("/api/polls/update", PollResponse, jsonBody({ poll_id: pollId, event_id: eventId, ...change }));

export const deletePoll = (pollId: number, eventId: number) =>
  apiNoContent("/api/polls/delete", jsonBody({ poll_id: pollId, event_id: eventId }));

export const reorderPolls = (sessionId: number, order: number[]) =>
  apiNoContent("/api/polls/reorder", jsonBody({ session_id: sessionId, order }));

export const answerPoll = (pollId: number, optionId: number) =>
  apiNoContent("/api/polls/answer", jsonBody({ poll_id: pollId, option_id: optionId }));

export const removePollAnswer = (pollId: number) =>
  apiNoContent("/api/polls/answer/delete", jsonBody({ poll_id: pollId }));
