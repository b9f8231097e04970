import { expect, test } from "vitest";
import { onFirstUse } from "./first-use";

test("the first call makes it; every later call, at once or after, shares that one", async () => {
  let made = 0;
  const client = onFirstUse(async () => ({ n: ++made }));
  const [a, b] = await Promise.all([client(), client()]);
  expect(a).toBe(b);
  expect(await client()).toBe(a);
  expect(made).toBe(1);
});

test("a failure is not kept: the next call tries again", async () => {
  let tries = 0;
  const client = onFirstUse(async () => {
    tries += 1;
    if (tries === 1) throw new Error("provider unreachable");
    return "connected";
  });
  await expect(client()).rejects.toThrow("provider unreachable");
  expect(await client()).toBe("connected");
  expect(tries).toBe(2);
});
