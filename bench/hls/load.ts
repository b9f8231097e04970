import { performance } from "node:perf_hooks";
import { setTimeout as sleep } from "node:timers/promises";
import { cpuOf } from "../proc";
import { newTally, percentile, type Tally } from "./requests";

// One measured run of the HLS benchmark: `viewers` viewers started at evenly spread phases of `periodMs`,
// a warm-up, then the measured window; the server's CPU (utime + stime) over that window.

const WARM_UP_SECONDS = 5;
export const MEASURE_SECONDS = 20;

export interface ViewerWindow {
  phaseMs: number;
  /** performance.now() values: counting starts at measureFrom, the viewer stops at until. */
  measureFrom: number;
  until: number;
  tally: Tally;
}

export async function load(options: {
  name: string;
  pid: number;
  viewers: number;
  periodMs: number;
  viewer: (window: ViewerWindow) => Promise<void>;
}) {
  const { name, pid, viewers, periodMs } = options;
  const tally = newTally();
  const start = performance.now();
  const measureFrom = start + WARM_UP_SECONDS * 1000 + periodMs;
  const until = measureFrom + MEASURE_SECONDS * 1000;
  let cpuAtStart = 0;
  const marking = sleep(measureFrom - start).then(async () => {
    cpuAtStart = (await cpuOf(pid)).own;
  });
  await Promise.all(
    Array.from({ length: viewers }, (_, i) =>
      options.viewer({ phaseMs: (i / viewers) * periodMs, until, measureFrom, tally }),
    ),
  );
  await marking;
  const cpu = (await cpuOf(pid)).own - cpuAtStart;
  const ms = (v: number) => `${v.toFixed(1)} ms`;
  console.log(
    `${name}: playlist p50 ${ms(percentile(tally.playlist, 50))} p99 ${ms(percentile(tally.playlist, 99))}; ` +
      `segment p50 ${ms(percentile(tally.segment, 50))} p99 ${ms(percentile(tally.segment, 99))}; ` +
      `${(tally.playlist.length / MEASURE_SECONDS).toFixed(0)} polls/s, ` +
      `${(tally.segment.length / MEASURE_SECONDS).toFixed(0)} segments/s, ` +
      `${((tally.bytes * 8) / MEASURE_SECONDS / 1e9).toFixed(2)} Gbit/s, ${tally.errors} errors; ` +
      `server CPU ${cpu.toFixed(2)} s over ${MEASURE_SECONDS} s`,
  );
  const served = tally.playlist.length + tally.segment.length;
  return { cpuPerRequest: cpu / served, p99: percentile(tally.playlist, 99), errors: tally.errors };
}
