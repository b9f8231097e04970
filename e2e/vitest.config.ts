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
    // The files share the modules they import (playwright, the server's test helpers): a second's
    // import each. Without isolation vitest runs the project with one worker, so it gets a group of its
    // own, after the others (vitest.config.ts).
    isolate: false,
    sequence: { groupOrder: 1 },
  },
});
