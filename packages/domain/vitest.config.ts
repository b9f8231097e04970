import { defineProject } from "vitest/config";

// Pure functions and no globals: the 70 files share one module graph per worker (isolated, importing
// the package again for each file was most of the project's time).
export default defineProject({ test: { name: "domain", include: ["src/**/*.test.ts"], isolate: false } });
