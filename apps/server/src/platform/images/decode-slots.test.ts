import { expect, test } from "vitest";
import { decodeSlots } from "./decode-slots";

/** A task that runs until `finish()` is called. */
function pending() {
  let finish = () => {};
  const done = new Promise<void>((resolve) => {
    finish = resolve;
  });
  return { finish, task: () => done };
}

test("tasks beyond the running slots wait in line and start in order as slots free", async () => {
  const slots = decodeSlots({ running: 2, waiting: 2 });
  const started: number[] = [];
  const tasks = [0, 1, 2, 3].map(() => pending());
  const runs = tasks.map((t, i) =>
    slots.run(() => {
      started.push(i);
      return t.task();
    }),
  );
  await Promise.resolve();
  expect(started).toEqual([0, 1]);
  tasks[1]?.finish();
  await runs[1];
  await Promise.resolve();
  expect(started).toEqual([0, 1, 2]);
  for (const t of tasks) t.finish();
  await Promise.all(runs);
  expect(started).toEqual([0, 1, 2, 3]);
});

test("a task beyond the line is refused at once with images_busy, and a freed slot is reused", async () => {
  const slots = decodeSlots({ running: 1, waiting: 1 });
  const first = pending();
  const running = slots.run(first.task);
  const waiting = slots.run(async () => "waited");
  await expect(slots.run(async () => "late")).rejects.toMatchObject({
    kind: "rate_limited",
    code: "images_busy",
  });
  first.finish();
  await running;
  expect(await waiting).toBe("waited");
  expect(await slots.run(async () => "later")).toBe("later");
});

test("a failing task frees its slot", async () => {
  const slots = decodeSlots({ running: 1, waiting: 0 });
  await expect(slots.run(() => Promise.reject(new Error("corrupt")))).rejects.toThrow("corrupt");
  expect(await slots.run(async () => "next")).toBe("next");
});
