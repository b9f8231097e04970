import { defineConfig } from "vitest/config";

export default defineConfig({
  test: {
    projects: ["packages/domain", "apps/web", "apps/server", "apps/server/vitest.fresh.config.ts", "e2e"],
    // Vitest defaults to cores - 1 workers: one on a 2-core machine, so every file ran alone while most
    // suites wait on sockets, browsers and ffmpeg. Two run the domain, web and server files side by
    // side; vitest then runs the e2e files, one at a time, in a group of their own.
    maxWorkers: 2,
  },
});
