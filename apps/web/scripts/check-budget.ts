import path from "node:path";
import { fileURLToPath } from "node:url";
import { checkBudget, kb } from "./budget";

// Issue 14: the event page, where attendees arrive (often on a phone), loads at most this much JS (about 98 KB
// today, docs/decisions.md: React 19 alone is 69 KB of it).
const FIRST_LOAD_JS_BUDGET_BYTES = 100_000;

// An optional argument names another build directory (bench:page measures its own builds).
const distDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..", process.argv[2] ?? "dist");
const verdict = await checkBudget(distDir, FIRST_LOAD_JS_BUDGET_BYTES);

for (const { file, gzipBytes } of verdict.js) console.log(`${kb(gzipBytes).padStart(10)}  ${file}`);
console.log(
  `${kb(verdict.totalGzipBytes).padStart(10)}  first-load JS (gzip -9), budget ${kb(FIRST_LOAD_JS_BUDGET_BYTES)}`,
);
console.log(
  `${String(verdict.cssFiles.length).padStart(10)}  first-load CSS file(s): ${verdict.cssFiles.join(", ")}`,
);
for (const problem of verdict.problems) console.error(`check:budget failed: ${problem}`);
if (verdict.problems.length > 0) process.exit(1);
