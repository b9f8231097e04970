import type { TestProject } from "vitest/node";
import { ServerProcess } from "../apps/server/src/testing/server-process";
import { startGoogleStandIn } from "./support/oidc-provider";

declare module "vitest" {
  export interface ProvidedContext {
    baseUrl: string;
    /** The server's DATA_DIR: tests may put media under its files/ (served at /files/). */
    dataDir: string;
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
  await server.start(google.env);
  project.provide("baseUrl", server.url);
  project.provide("dataDir", server.dataDir);

  return async () => {
    await server.stop();
    await google.close();
  };
}
