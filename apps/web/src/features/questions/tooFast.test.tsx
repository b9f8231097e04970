// @vitest-environment happy-dom
import { errorMessage } from "@onstage/domain";
import { screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { expect, test } from "vitest";
import { renderWithQueries, stubApi } from "../../testing/apiStub";
import { Toaster } from "../../ui/toast";
import { askQuestion } from "./questionsApi";
import { useQuestions } from "./useQuestions";

function Asker() {
  const { run } = useQuestions(null, 1);
  return (
    <button type="button" onClick={() => void run(() => askQuestion(7, "Again?"))}>
      Ask
    </button>
  );
}

test("a question refused for flooding says plainly to slow down (issue 23 §2.2)", async () => {
  stubApi(() => ({ status: 429, body: { error: { code: "too_fast", message: errorMessage("too_fast") } } }));
  renderWithQueries(
    <>
      <Toaster />
      <Asker />
    </>,
  );
  await userEvent.click(screen.getByRole("button", { name: "Ask" }));
  expect(
    await screen.findByText("You're doing that too fast. Wait a few seconds and try again."),
  ).toBeTruthy();
});
