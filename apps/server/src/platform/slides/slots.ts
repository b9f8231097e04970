import { slots } from "../slots";
import { SlideConversionError } from "./errors";

// Issue 25 §1: at most SLIDE_CONVERSIONS_AT_ONCE conversions run; others wait their turn (an abort
// takes one out of the line), and past SLIDE_CONVERSIONS_WAITING a new one is refused at once.

export interface ConversionSlots {
  run<T>(signal: AbortSignal | undefined, task: () => Promise<T>): Promise<T>;
}

export function conversionSlots(limits: { running: number; waiting: number }): ConversionSlots {
  const shared = slots({
    ...limits,
    busy: () =>
      new SlideConversionError(
        "slides_busy",
        "Too many slide files are being converted right now. Please try again in a moment.",
      ),
    aborted: () => new SlideConversionError("slide_aborted", "The conversion was cancelled."),
  });
  return { run: (signal, task) => shared.run(task, signal) };
}
