/**
 * Work repeated every `everyMs` while the server runs (a sweep), never two passes at once: stop waits
 * for the pass in hand. A pass that fails is reported and the next one runs as usual.
 */
export function intervalWorker(
  everyMs: number,
  pass: () => Promise<unknown>,
  onError: (err: unknown) => void,
): { start(): void; stop(): Promise<void> } {
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<unknown> | null = null;
  return {
    start() {
      timer = setInterval(() => {
        if (running) return;
        running = pass()
          .catch(onError)
          .finally(() => {
            running = null;
          });
      }, everyMs);
      timer.unref();
    },
    async stop() {
      clearInterval(timer);
      await running;
    },
  };
}
