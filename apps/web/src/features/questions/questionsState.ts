import type { Question, QuestionsResponse, TypedTopicMessage } from "@onstage/domain";

// The Q&A list kept in step by the session topic's messages, which carry the rows themselves: a change
// costs nobody a request (a refetch per message was 500 GETs per upvote in a room of 500).

type SessionMessage = TypedTopicMessage<"session">;

const updateQuestion = (list: Question[], id: number, change: (q: Question) => Question) =>
  list.map((q) => (q.id === id ? change(q) : q));

/** The list after one message; the same list for messages that are not the Q&A's. */
export function applyQuestionMessage(list: Question[], message: SessionMessage): Question[] {
  if (message.kind !== "change") return list;
  switch (message.table) {
    case "questions":
      if (message.event === "DELETE") return list.filter((q) => q.id !== message.payload.id);
      if (!list.some((q) => q.id === message.payload.id)) return [...list, message.payload];
      // Comments come by their own messages; the viewer's own (say, shadow-banned) ones stay.
      return updateQuestion(list, message.payload.id, (q) => ({ ...message.payload, comments: q.comments }));
    case "question_comments": {
      if (message.event === "DELETE") {
        const id = message.payload.id;
        return list.map((q) =>
          q.comments.some((c) => c.id === id) ? { ...q, comments: q.comments.filter((c) => c.id !== id) } : q,
        );
      }
      const comment = message.payload;
      return updateQuestion(list, comment.questionId, (q) => ({
        ...q,
        comments: [...q.comments.filter((c) => c.id !== comment.id), comment].sort((a, b) => a.id - b.id),
      }));
    }
    case "question_upvotes": {
      const { questionId, userId } = message.payload;
      return updateQuestion(list, questionId, (q) => {
        const others = q.upvotes.filter((id) => id !== userId);
        return { ...q, upvotes: message.event === "INSERT" ? [...others, userId] : others };
      });
    }
    default:
      return list;
  }
}

/** The cached response after one message (react-query's updater). */
export const applyToResponse =
  (message: SessionMessage) =>
  (response: QuestionsResponse | undefined): QuestionsResponse | undefined =>
    response && { ...response, questions: applyQuestionMessage(response.questions, message) };
