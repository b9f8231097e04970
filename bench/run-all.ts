import { spawnSync } from "node:child_process";
import { readdirSync } from "node:fs";

// Runs every *.bench.ts in its own process, so one benchmark's heap and JIT never colour the next.
const only = process.argv[2];
const benches = readdirSync(import.meta.dirname)
  .filter((f) => f.endsWith(".bench.ts") && (!only || f === `${only}.bench.ts`))
  .sort();
let failed = false;
for (const file of benches) {
  console.log(`# ${file}`);
  const run = spawnSync(process.execPath, ["--import", "tsx", file], {
    cwd: import.meta.dirname,
    stdio: "inherit",
  });
  failed ||= run.status !== 0;
}
process.exit(failed ? 1 : 0);
