import type { Question, QuestionComment, TypedTopicMessage } from "@onstage/domain";
import { describe, expect, test } from "vitest";
import { applyQuestionMessage } from "./questionsState";

const user = { id: 7, firstName: "Ada", lastName: "Guest", profilePhoto: null };
const question = (id: number, over: Partial<Question> = {}): Question => ({
  id,
  videoSessionId: 1,
  userId: 7,
  content: `Q${id}`,
  answered: false,
  answeredTimestamp: null,
  timestamp: "2026-01-01T00:00:00.000Z",
  user,
  upvotes: [],
  comments: [],
  ...over,
});
const comment = (id: number, questionId: number, content = `C${id}`): QuestionComment => ({
  id,
  questionId,
  userId: 7,
  content,
  createdAt: "2026-01-01T00:00:00.000Z",
  user,
});
const message = (body: object) =>
  ({
    topic: "session:1",
    seq: 1,
    at: "2026-01-01T00:00:00.000Z",
    ...body,
  }) as unknown as TypedTopicMessage<"session">;
const change = (table: string, event: string, payload: unknown) =>
  message({ kind: "change", table, event, payload });

describe("applyQuestionMessage", () => {
  const one = [question(1, { comments: [comment(5, 1)], upvotes: [3] }), question(2)];
  test.each([
    {
      case: "a new question is added",
      message: change("questions", "INSERT", question(3)),
      want: (list: Question[]) => list.map((q) => q.id),
      expected: [1, 2, 3],
    },
    {
      case: "an update replaces the fields and keeps the comments",
      message: change(
        "questions",
        "UPDATE",
        question(1, { answered: true, answeredTimestamp: 9, upvotes: [3] }),
      ),
      want: (list: Question[]) => [list[0]?.answered, list[0]?.comments.length],
      expected: [true, 1],
    },
    {
      case: "a delete removes it",
      message: change("questions", "DELETE", { id: 2 }),
      want: (list: Question[]) => list.map((q) => q.id),
      expected: [1],
    },
    {
      case: "a comment is added once, in id order",
      message: change("question_comments", "INSERT", comment(4, 1)),
      want: (list: Question[]) => list[0]?.comments.map((c) => c.id),
      expected: [4, 5],
    },
    {
      case: "a comment edit replaces it",
      message: change("question_comments", "UPDATE", comment(5, 1, "edited")),
      want: (list: Question[]) => list[0]?.comments.map((c) => c.content),
      expected: ["edited"],
    },
    {
      case: "a comment delete finds its question",
      message: change("question_comments", "DELETE", { id: 5 }),
      want: (list: Question[]) => list[0]?.comments.length,
      expected: 0,
    },
    {
      case: "an upvote counts a user once",
      message: change("question_upvotes", "INSERT", { questionId: 1, userId: 3 }),
      want: (list: Question[]) => list[0]?.upvotes,
      expected: [3],
    },
    {
      case: "an upvote withdrawn",
      message: change("question_upvotes", "DELETE", { questionId: 1, userId: 3 }),
      want: (list: Question[]) => list[0]?.upvotes,
      expected: [],
    },
  ])("$case", ({ message, want, expected }) => {
    expect(want(applyQuestionMessage(one, message))).toEqual(expected);
  });

  test("other messages of the session topic leave the list as it is", () => {
    const intent = change("video_session_intents", "INSERT", { userId: 3 });
    expect(applyQuestionMessage(one, intent)).toBe(one);
    expect(applyQuestionMessage(one, message({ kind: "broadcast", event: "anything", payload: {} }))).toBe(
      one,
    );
  });
});
