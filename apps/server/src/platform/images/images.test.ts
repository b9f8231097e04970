import { createRequire } from "node:module";
import { monitorEventLoopDelay } from "node:perf_hooks";
import { expect, it } from "vitest";
import { useTestApp } from "../../testing/app";
import { describeOnPostgres } from "../../testing/databases";
import { reencodeImage } from "./images";

// Issue 23 §2.8: the first upload after a start loads the image library; the server keeps answering
// meanwhile. This file loads no image helper of its own (testing/images.ts imports sharp).

/** A 16×12 PNG. */
const PNG = Buffer.from(
  "iVBORw0KGgoAAAANSUhEUgAAABAAAAAMCAIAAADkharWAAAACXBIWXMAAAPoAAAD6AG1e1JrAAAAGElEQVQokWMwTjtDEmIY1ZA2GkrG2MIAACAJC9CTIVA1AAAAAElFTkSuQmCC",
  "base64",
);

/** Whether this thread has loaded the image library (its CommonJS modules land in this cache). */
const sharpLoadedHere = () =>
  Object.keys(createRequire(import.meta.url).cache).some((file) => file.includes("/node_modules/sharp/"));

describeOnPostgres("the image library", (use) => {
  const app = useTestApp(use);

  it("loads on its own thread: health answers while the first upload waits for it", async () => {
    expect(sharpLoadedHere()).toBe(false);
    const delay = monitorEventLoopDelay({ resolution: 10 });
    delay.enable();
    let uploaded = false;
    const upload = reencodeImage(PNG, { width: 8, height: 8 }).finally(() => {
      uploaded = true;
    });
    const health = await app().server.inject({ method: "GET", url: "/api/health" });
    expect(health.statusCode).toBe(200);
    expect(uploaded).toBe(false);
    const jpeg = await upload;
    delay.disable();
    expect(jpeg?.subarray(0, 3)).toEqual(Buffer.from([0xff, 0xd8, 0xff]));
    expect(sharpLoadedHere()).toBe(false);
    // The figure for docs/decisions.md (issue 23 §2.8), not a limit: timings depend on the machine.
    process.stdout.write(
      `event-loop delay during the first upload: max ${(delay.max / 1e6).toFixed(0)} ms\n`,
    );
  });

  it("refuses what is not an image, and a decode failure is an answer too", async () => {
    expect(await reencodeImage(Buffer.from("not an image"), { width: 8, height: 8 })).toBeNull();
    const truncated = Buffer.concat([PNG.subarray(0, 40)]);
    expect(await reencodeImage(truncated, { width: 8, height: 8 })).toBeNull();
  });
});
