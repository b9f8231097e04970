import { defineProject } from "vitest/config";

// Pure client logic (topic channels, chat state, presence lists) in node; components (*.test.tsx) in
// happy-dom with Testing Library, the server answered by src/testing/apiStub.ts; pages are tested in e2e/.
export default defineProject({
  test: {
    name: "web",
    include: ["src/**/*.test.ts", "src/**/*.test.tsx", "build/**/*.test.ts", "scripts/**/*.test.ts"],
    environment: "node",
  },
});
