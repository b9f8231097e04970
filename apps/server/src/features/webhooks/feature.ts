import { jobWorker } from "../../platform/jobs/worker";
import { type AddressGuard, publicWebGuard } from "../../platform/net/guarded-fetch";
import type { FeatureDeps } from "../deps";
import type { Feature } from "../feature";
import { WEBHOOK_ATTEMPTS, webhookDeliveryJobs, webhookRetryDelayMs } from "./delivery";
import { webhooksRoutes } from "./routes";
import { lifecycleWebhooks, webhooksService } from "./service";

export interface WebhooksOptions {
  /** Where deliveries may go: public addresses on the web's ports; tests allow their loopback receiver. */
  guard?: AddressGuard;
}

/** Issue 28 §4: webhooks out: the endpoints, their log, and the deliveries' worker. */
export function webhooksFeature(deps: FeatureDeps, options: WebhooksOptions = {}): Feature {
  const guard = options.guard ?? publicWebGuard;
  const worker = jobWorker({
    db: deps.db,
    clock: deps.clock,
    log: deps.log,
    handlers: webhookDeliveryJobs({ db: deps.db, clock: deps.clock, guard }),
    // The handler gives up itself after its last attempt (and logs no error for an endpoint's fault).
    maxAttempts: WEBHOOK_ATTEMPTS + 1,
    retryDelayMs: webhookRetryDelayMs,
  });
  const { onSessionState, onRecordingReady } = lifecycleWebhooks(deps);
  return {
    name: "webhooks",
    routes: webhooksRoutes(webhooksService(deps, { guard, nudge: () => worker.nudge() })),
    worker,
    start() {
      deps.lifecycle.on("sessionState", onSessionState);
      deps.lifecycle.on("recordingReady", onRecordingReady);
    },
    async stop() {
      deps.lifecycle.off("sessionState", onSessionState);
      deps.lifecycle.off("recordingReady", onRecordingReady);
      // A 'Send test' still being delivered finishes before the database closes.
      await worker.stop();
    },
  };
}
