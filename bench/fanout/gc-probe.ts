import { writeFileSync } from "node:fs";

// Preloaded into both servers (with --expose-gc): on SIGUSR2 a full garbage collection, then the memory
// figures into the file FANOUT_MEMORY_FILE names, so the bench reads them without the garbage of the
// moment. The servers' own code is unchanged.
process.on("SIGUSR2", () => {
  (globalThis as { gc?: () => void }).gc?.();
  const file = process.env.FANOUT_MEMORY_FILE;
  if (file) writeFileSync(file, JSON.stringify(process.memoryUsage()));
});
