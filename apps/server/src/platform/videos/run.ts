import { type RunContext, type RunResult, runConfined } from "../child-process/confined";
import { VideoPrepareError } from "./errors";

// ffprobe and ffmpeg run as the slide converters do (child-process/confined.ts): sandboxed, in a process
// group of their own killed whole at the time limit or on abort, nothing of it left when the run ends.

export type { RunContext } from "../child-process/confined";

export interface ToolRun {
  timeoutMs: number;
  /** The video_timeout sentence ("Reading the video took longer than 10 s."). */
  timeoutMessage: string;
  /** Each `key=value` line of ffmpeg's -progress report (written to stderr). */
  onReport?: (key: string, value: string) => void;
}

const REPORT_LINE = /^([a-z_0-9]+)=(.*)$/;

/** What the tool printed, without its progress report: the detail a failure logs. */
export const complaints = (run: RunResult) =>
  run.stderr
    .split("\n")
    .filter((line) => !REPORT_LINE.test(line))
    .join("\n")
    .trim();

export function runTool(command: readonly string[], ctx: RunContext, run: ToolRun): Promise<RunResult> {
  return runConfined(command, {
    ...ctx,
    timeoutMs: run.timeoutMs,
    timeoutError: () => new VideoPrepareError("video_timeout", run.timeoutMessage),
    onStderrLine: (line) => {
      const report = REPORT_LINE.exec(line);
      if (report) run.onReport?.(report[1] ?? "", report[2] ?? "");
      // The limit is the whole run's: progress never restarts it.
      return false;
    },
  });
}
