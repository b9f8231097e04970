import { defineProject } from "vitest/config";

// Pure client logic (topic channels, chat state, presence lists); pages are tested in e2e/.
export default defineProject({ test: { name: "web", include: ["src/**/*.test.ts"], environment: "node" } });
