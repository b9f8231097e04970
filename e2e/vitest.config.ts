import { defineProject } from "vitest/config";

export default defineProject({
  test: {
    name: "e2e",
    include: ["**/*.e2e.ts"],
    testTimeout: 60_000,
    hookTimeout: 120_000,
    globalSetup: ["./global-setup.ts"],
    setupFiles: ["./support/fail-on-server-errors.setup.ts"],
    // One Chromium at a time: the machine has two cores.
    fileParallelism: false,
    isolate: false,
  },
});
