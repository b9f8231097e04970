// At most `running` tasks at once and `waiting` in line, first come first served; a task beyond those is
// refused at once (`busy`), so a burst neither piles up memory nor waits unbounded. A task whose signal
// aborts while in line leaves it (`aborted`).

export interface Slots {
  run<T>(task: () => Promise<T>, signal?: AbortSignal): Promise<T>;
}

export function slots(options: {
  running: number;
  waiting: number;
  busy: () => Error;
  aborted?: () => Error;
}): Slots {
  const aborted = options.aborted ?? (() => new Error("aborted"));
  let busy = 0;
  const line: Array<() => void> = [];

  const takeTurn = (signal: AbortSignal | undefined) =>
    new Promise<void>((resolve, reject) => {
      const turn = () => {
        signal?.removeEventListener("abort", leave);
        resolve();
      };
      const leave = () => {
        line.splice(line.indexOf(turn), 1);
        reject(aborted());
      };
      line.push(turn);
      signal?.addEventListener("abort", leave, { once: true });
    });

  return {
    async run(task, signal) {
      if (signal?.aborted) throw aborted();
      if (busy < options.running) busy++;
      else if (line.length < options.waiting) await takeTurn(signal);
      else throw options.busy();
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
