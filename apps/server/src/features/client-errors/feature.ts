import type { FeatureFactory } from "../feature";
import { clientErrorsRoutes } from "./routes";
import { clientErrorsService } from "./service";

/**
 * Issue 29 §4: the web app's own failures (errors, failed realtime subscriptions, player failures) reach
 * the error-reporting port: Sentry's browser SDK when SENTRY_DSN is set, else this server's log.
 */
export function clientErrorsFeature(reporting: {
  sentryDsn: string | null;
  environment: string;
}): FeatureFactory {
  return (deps) => ({
    name: "client-errors",
    routes: clientErrorsRoutes(reporting, clientErrorsService(deps)),
  });
}
