import type { FastifyBaseLogger } from "fastify";
import { intervalWorker } from "../../platform/jobs/interval";
import type { Worker } from "../feature";
import type { SessionControlService } from "./service";

/**
 * How often the server looks for lives past their maximum runtime: a live ends at most this late, a
 * small fraction of the SESSION_RUNTIME_WARNING_MS the host had.
 */
export const RUNTIME_LIMIT_SWEEP_MS = 15_000;

/** Spec 2 §8: ends the lives that reached their maximum runtime (docs/decisions.md "Plan limits"). */
export function runtimeLimitWorker(service: SessionControlService, log: FastifyBaseLogger): Worker {
  return intervalWorker(
    RUNTIME_LIMIT_SWEEP_MS,
    () => service.endPastMaxRuntime(),
    (err) => log.warn({ err }, "ending lives past their maximum runtime failed"),
  );
}
