import { defineConfig } from "vitest/config";

export default defineConfig({
  test: {
    projects: ["packages/domain", "apps/web", "apps/server", "apps/server/vitest.fresh.config.ts", "e2e"],
    // Vitest defaults to cores - 1 workers: one on a 2-core machine, so every file ran alone while most
    // suites wait on sockets, browsers and ffmpeg. Two let a server suite run beside the e2e file (e2e
    // itself stays one file at a time).
    maxWorkers: 2,
  },
});
