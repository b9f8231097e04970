/**
 * `make`'s promise, made on the first call and shared by every later one: what a server loads or
 * connects only once something uses it (an SDK, whose static import esbuild would hoist to the top of
 * main.js, issue 14 §5; a client of a configured service). A failure is not kept: the next call tries again.
 */
export function onFirstUse<T>(make: () => Promise<T>): () => Promise<T> {
  let made: Promise<T> | undefined;
  return () => {
    made ??= make().catch((error: unknown) => {
      made = undefined;
      throw error;
    });
    return made;
  };
}
