import type { PaymentGateway } from "../../platform/payments/gateway";
import { type TestGateway, testGateway } from "../../platform/payments/test-gateway";
import type { FeatureDeps } from "../deps";
import type { Feature } from "../feature";
import type { RegistrationPort } from "../registration/service";
import { paymentAccountService } from "./account/service";
import { donationsService } from "./donations/service";
import { RECONCILE_INTERVAL_MS } from "./reconcile";
import { paymentRoutes } from "./routes";
import { type PaymentsService, paymentsService } from "./service";

const isTestGateway = (g: PaymentGateway): g is TestGateway => g.kind === "test" && "page" in g;

/**
 * The payments feature on the given gateway (without one, the embedded test gateway: no real money);
 * `registration` is app.ts's port, so payments imports no registration code.
 */
export function paymentsFeature(
  deps: FeatureDeps,
  registration: RegistrationPort,
  gateway: PaymentGateway = testGateway(deps.db, deps.publicUrl),
): Feature & { service: PaymentsService } {
  const checkoutDeps = {
    db: deps.db,
    realtime: deps.realtime,
    gateway,
    registration,
    log: deps.log,
    publicUrl: deps.publicUrl,
    clock: deps.clock,
  };
  const service = paymentsService(checkoutDeps);
  const services = {
    payments: service,
    donations: donationsService(checkoutDeps),
    accounts: paymentAccountService(checkoutDeps),
  };
  let reconciliation: NodeJS.Timeout | undefined;
  return {
    name: "payments",
    service,
    routes: paymentRoutes(services, isTestGateway(gateway) ? gateway : null, deps.db),
    worker: {
      // Issue 5 item 7: checkouts whose webhook never came are asked about every few minutes.
      start() {
        reconciliation = setInterval(() => {
          service
            .reconcilePendingCheckouts()
            .catch((err: unknown) => deps.log.warn({ err }, "reconciliation failed"));
        }, RECONCILE_INTERVAL_MS);
        reconciliation.unref();
      },
      stop: () => clearInterval(reconciliation),
    },
  };
}
