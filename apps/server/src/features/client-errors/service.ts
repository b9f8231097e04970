import {
  CLIENT_ERROR_REPORTS_PER_ADDRESS_PER_MINUTE,
  type ClientErrorReport,
  RateLimited,
  scrubPersonalData,
} from "@onstage/domain";
import { RateLimiterMemory, RateLimiterRes } from "rate-limiter-flexible";
import type { FeatureDeps } from "../deps";

/** Browser error reports, written to the log at warn (an error there is the server's own failure). */
export function clientErrorsService({ log }: Pick<FeatureDeps, "log">) {
  // Per node, like the quality beacons: a flood costs a node its log lines, nothing else.
  const perAddress = new RateLimiterMemory({
    points: CLIENT_ERROR_REPORTS_PER_ADDRESS_PER_MINUTE,
    duration: 60,
  });
  return {
    async report(report: ClientErrorReport, address: string): Promise<void> {
      try {
        await perAddress.consume(address);
      } catch (refusal) {
        if (refusal instanceof RateLimiterRes) throw RateLimited("too_fast");
        throw refusal;
      }
      // The page scrubbed it; scrubbing again costs little and holds for pages that did not.
      const scrub = (text: string | undefined) => (text === undefined ? undefined : scrubPersonalData(text));
      log.warn(
        {
          clientError: {
            kind: report.kind,
            code: report.code,
            path: scrub(report.path),
            message: scrub(report.message),
            stack: scrub(report.stack),
          },
        },
        "browser error",
      );
    },
  };
}

export type ClientErrorsService = ReturnType<typeof clientErrorsService>;
