import type { DashQuestionResponse, DashQuestionsResponse } from "@onstage/domain";
import { expect, test } from "vitest";
import { useTestApp } from "../../../testing/app";
import { type DashWorld, dashWorld } from "../../../testing/dashboard";
import { describeOnEachDatabase } from "../../../testing/databases";

const question = (fields: Record<string, unknown> = {}) => ({
  type: "text",
  question: "What brings you here?",
  isRequired: true,
  ...fields,
});

describeOnEachDatabase("dashboard custom registration questions", (use) => {
  const app = useTestApp(use);
  const world = () => dashWorld(app().server, use());
  const add = async (w: DashWorld, fields: Record<string, unknown> = {}) =>
    (
      (
        await (await w.as("owner")).post(`/api/dash/events/${w.event}/questions`, question(fields))
      ).json() as DashQuestionResponse
    ).question;

  test.each([
    { type: "checkbox" },
    { type: "multiple_choice", answers: ["Red", "Green"] },
    { type: "multi_select", answers: ["a", "b", "c", "d", "e", "f"] },
    { type: "number", min: 1, max: 10 },
    { type: "number", min: 5 },
    { type: "date" },
    { type: "phone" },
    { type: "url" },
    { type: "text" },
  ])("a $type question is created last in order", async (fields) => {
    const w = await world();
    await add(w);
    const res = await (await w.as("host")).post(`/api/dash/events/${w.event}/questions`, question(fields));
    expect(res.statusCode).toBe(201);
    expect((res.json() as DashQuestionResponse).question).toMatchObject({
      type: fields.type,
      isRequired: true,
      order: 2,
      answers: fields.answers ?? [],
      min: fields.min ?? null,
      max: fields.max ?? null,
    });
  });

  test.each([
    {
      case: "one option",
      fields: { type: "multiple_choice", answers: ["Only"] },
      code: "invalid_question_options",
    },
    {
      case: "a blank option",
      fields: { type: "multi_select", answers: ["a", "  "] },
      code: "invalid_question_options",
    },
    {
      case: "duplicate options",
      fields: { type: "multi_select", answers: ["a", "A"] },
      code: "invalid_question_options",
    },
    {
      case: "a comma in an option",
      fields: { type: "multi_select", answers: ["a,b", "c"] },
      code: "invalid_question_options",
    },
    {
      case: "options on a text question",
      fields: { type: "text", answers: ["a", "b"] },
      code: "invalid_question_options",
    },
    { case: "min above max", fields: { type: "number", min: 10, max: 1 }, code: "invalid_question_bounds" },
    { case: "bounds on a date question", fields: { type: "date", min: 1 }, code: "invalid_question_bounds" },
    {
      case: "51 options",
      fields: { type: "multi_select", answers: Array.from({ length: 51 }, (_, i) => `o${i}`) },
      code: "invalid_request",
    },
    { case: "an unknown type", fields: { type: "signature" }, code: "invalid_request" },
    { case: "an over-long question", fields: { question: "q".repeat(501) }, code: "invalid_request" },
    { case: "a blank question", fields: { question: " " }, code: "invalid_request" },
    { case: "a bound as text", fields: { type: "number", min: "1" }, code: "invalid_request" },
  ])("a question with $case is refused ($code)", async ({ fields, code }) => {
    const w = await world();
    const res = await (await w.as("owner")).post(`/api/dash/events/${w.event}/questions`, question(fields));
    expect(res.statusCode).toBe(400);
    expect(res.json().error.code).toBe(code);
  });

  test("question refusals by who asks; editing checks the merged question; delete is soft", async () => {
    const w = await world();
    expect((await w.anonymous().post(`/api/dash/events/${w.event}/questions`, question())).statusCode).toBe(
      401,
    );
    for (const who of ["guest", "moderator", "stranger", "otherChannel"] as const) {
      expect(
        (await (await w.as(who)).post(`/api/dash/events/${w.event}/questions`, question())).statusCode,
      ).toBe(403);
    }
    const created = await add(w);
    const url = `/api/dash/questions/${created.id}`;
    const host = await w.as("host");
    expect((await host.patch(url, { type: "multiple_choice" })).json().error.code).toBe(
      "invalid_question_options",
    );
    const changed = await host.patch(url, {
      type: "multiple_choice",
      answers: [" Yes ", "No"],
      isRequired: false,
    });
    expect((changed.json() as DashQuestionResponse).question).toMatchObject({
      type: "multiple_choice",
      answers: ["Yes", "No"],
      isRequired: false,
    });
    expect((await (await w.as("otherChannel")).patch(url, { question: "Mine" })).statusCode).toBe(403);
    expect((await host.patch("/api/dash/questions/99999999", { question: "x" })).statusCode).toBe(404);
    expect((await host.request("DELETE", url)).statusCode).toBe(204);
    expect((await host.patch(url, { question: "again" })).statusCode).toBe(404);
  });

  test("reordering takes every live question exactly once and numbers them from 1", async () => {
    const w = await world();
    const [a, b, c] = [
      await add(w, { question: "A" }),
      await add(w, { question: "B" }),
      await add(w, { question: "C" }),
    ];
    const otherQuestion = (
      (
        await (await w.as("otherChannel")).post(`/api/dash/events/${w.otherEvent}/questions`, question())
      ).json() as DashQuestionResponse
    ).question;
    const owner = await w.as("owner");
    const url = `/api/dash/events/${w.event}/questions/reorder`;
    for (const ids of [
      [c?.id, a?.id],
      [c?.id, a?.id, b?.id, otherQuestion.id],
      [c?.id, a?.id, otherQuestion.id],
      [c?.id, c?.id, a?.id],
    ]) {
      const res = await owner.post(url, { ids });
      expect(res.statusCode).toBe(400);
      expect(res.json().error.code).toBe("invalid_question_order");
    }
    expect((await owner.post(url, { ids: ["x"] })).statusCode).toBe(400);
    expect((await (await w.as("guest")).post(url, { ids: [c?.id, a?.id, b?.id] })).statusCode).toBe(403);
    const res = await owner.post(url, { ids: [c?.id, a?.id, b?.id] });
    expect(res.statusCode).toBe(200);
    expect((res.json() as DashQuestionsResponse).questions.map((q) => [q.question, q.order])).toEqual([
      ["C", 1],
      ["A", 2],
      ["B", 3],
    ]);
    const [other] = await use().query<{ order: number }>(
      `SELECT "order" FROM custom_registration_fields WHERE id = $1`,
      [otherQuestion.id],
    );
    expect(other?.order).toBe(1);
  });
});
