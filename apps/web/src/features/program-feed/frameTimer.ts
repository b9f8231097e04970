// Hidden tabs throttle requestAnimationFrame to nothing and main-thread timers to once a second; a
// dedicated worker's timer keeps its rate, so the program keeps 30 fps while the host looks elsewhere.
const WORKER_SOURCE = `let timer;
onmessage = (e) => {
  clearInterval(timer);
  if (e.data > 0) timer = setInterval(() => postMessage(0), e.data);
};`;

/** Calls `onTick` `fps` times a second until the returned stop is called. */
export function startFrameTimer(fps: number, onTick: () => void): () => void {
  const url = URL.createObjectURL(new Blob([WORKER_SOURCE], { type: "text/javascript" }));
  const worker = new Worker(url);
  URL.revokeObjectURL(url);
  worker.onmessage = onTick;
  worker.postMessage(1000 / fps);
  return () => worker.terminate();
}
