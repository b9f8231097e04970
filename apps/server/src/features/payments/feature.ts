import type { PaymentGateway } from "../../platform/payments/gateway";
import { type TestGateway, testGateway } from "../../platform/payments/test-gateway";
import type { FeatureDeps } from "../deps";
import { registrationService } from "../registration/service";
import { paymentRoutes } from "./routes";
import { paymentsService } from "./service";

const isTestGateway = (g: PaymentGateway): g is TestGateway => g.kind === "test" && "page" in g;

/** The payments feature on the given gateway; without one, the embedded test gateway (no real money). */
export function paymentsFeature(
  deps: FeatureDeps,
  gateway: PaymentGateway = testGateway(deps.db, deps.publicUrl),
) {
  const service = paymentsService({
    db: deps.db,
    gateway,
    registrar: registrationService(deps),
    log: deps.log,
    publicUrl: deps.publicUrl,
    clock: deps.clock,
  });
  return { service, routes: paymentRoutes(service, isTestGateway(gateway) ? gateway : null) };
}
