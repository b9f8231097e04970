import type { TestProject } from "vitest/node";
import { freePort } from "../apps/server/src/testing/free-port";
import { ServerProcess } from "../apps/server/src/testing/server-process";
import { startGoogleStandIn } from "./support/oidc-provider";

declare module "vitest" {
  export interface ProvidedContext {
    baseUrl: string;
    /** The server's DATA_DIR: tests may put media under its files/ (served at /files/). */
    dataDir: string;
    /** The loopback port the server may deliver webhooks to (WEBHOOK_ALLOWED_ADDRESSES): a test's receiver. */
    webhookReceiverPort: number;
  }
}

/**
 * Starts the real server, as `npm start` does, on a fresh data directory with the demo data and the
 * built web app (npm test builds it first), and hands its URL to the browser tests.
 */
export default async function setup(project: TestProject) {
  const server = await ServerProcess.create({ DATABASE_URL: "" });
  // Sign in with Google goes to a provider on this machine; it must be up before the server reads its env.
  const google = await startGoogleStandIn(server.url);
  const webhookReceiverPort = await freePort();
  await server.start({ ...google.env, WEBHOOK_ALLOWED_ADDRESSES: `127.0.0.1:${webhookReceiverPort}` });
  project.provide("baseUrl", server.url);
  project.provide("dataDir", server.dataDir);
  project.provide("webhookReceiverPort", webhookReceiverPort);

  return async () => {
    await server.stop();
    await google.close();
  };
}
