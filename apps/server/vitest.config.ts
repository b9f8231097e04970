import { configDefaults, defineProject } from "vitest/config";

/** Suites about what happens in a process's first moments: each runs in a fresh module graph. */
export const FRESH_PROCESS_SUITES = ["src/platform/images/images.test.ts"];

export default defineProject({
  test: {
    name: "server",
    include: ["src/**/*.test.ts"],
    exclude: [...configDefaults.exclude, ...FRESH_PROCESS_SUITES],
    setupFiles: ["src/testing/fail-on-server-errors.setup.ts"],
    // Each file imports the whole server (and PGlite's WebAssembly); re-importing it for every one of
    // 130 files was half the project's time. Suites build their own app and database, so they share
    // only the modules' code (and the migrated database a throw-away one starts from).
    isolate: false,
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});
