import { RateLimited } from "@onstage/domain";

export interface DecodeSlots {
  run<T>(task: () => Promise<T>): Promise<T>;
}

/**
 * At most `running` tasks at once and `waiting` in line, first come first served; a task beyond those is
 * refused with `images_busy` at once, so a burst of uploads neither piles up memory nor waits unbounded.
 */
export function decodeSlots({ running, waiting }: { running: number; waiting: number }): DecodeSlots {
  let busy = 0;
  const line: Array<() => void> = [];
  return {
    async run(task) {
      if (busy < running) busy++;
      else if (line.length < waiting) await new Promise<void>((resolve) => line.push(resolve));
      else throw RateLimited("images_busy");
      try {
        return await task();
      } finally {
        // The slot passes straight to the next in line, so `busy` never counts it free in between.
        const next = line.shift();
        if (next) next();
        else busy--;
      }
    },
  };
}
