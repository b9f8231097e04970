import { defineProject } from "vitest/config";
import server, { FRESH_PROCESS_SUITES } from "./vitest.config";

export default defineProject({
  test: { ...server.test, name: "server-fresh", include: FRESH_PROCESS_SUITES, exclude: [], isolate: true },
});
