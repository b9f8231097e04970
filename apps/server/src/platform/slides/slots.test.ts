import { describe, expect, it } from "vitest";
import { conversionSlots } from "./slots";

// Issue 25 §1: at most `running` conversions at once; the rest wait in line, leave it when cancelled,
// and past `waiting` are refused at once.

/** A task's end, in the test's hands. */
function later(): { done: Promise<void>; finish: () => void } {
  let finish = () => {};
  const done = new Promise<void>((resolve) => {
    finish = resolve;
  });
  return { done, finish };
}

describe("conversion slots", () => {
  it("run two at once, start the third when one ends, and refuse one past the line", async () => {
    const slots = conversionSlots({ running: 2, waiting: 1 });
    const started: number[] = [];
    const tasks = [later(), later(), later()];
    const runs = tasks.map((task, i) =>
      slots.run(undefined, async () => {
        started.push(i);
        await task.done;
      }),
    );
    await expect(slots.run(undefined, async () => "never")).rejects.toMatchObject({ code: "slides_busy" });
    expect(started).toEqual([0, 1]);
    tasks[0]?.finish();
    await runs[0];
    await Promise.resolve();
    expect(started).toEqual([0, 1, 2]);
    for (const task of tasks) task.finish();
    await Promise.all(runs);
  });

  it("let a cancelled conversion leave the line without taking a turn", async () => {
    const slots = conversionSlots({ running: 1, waiting: 2 });
    const first = later();
    const running = slots.run(undefined, () => first.done);
    const controller = new AbortController();
    const cancelled = slots.run(controller.signal, async () => "ran");
    const next = slots.run(undefined, async () => "next ran");
    controller.abort();
    await expect(cancelled).rejects.toMatchObject({ code: "slide_aborted" });
    first.finish();
    await running;
    expect(await next).toBe("next ran");
  });
});
