import { readdir, readFile } from "node:fs/promises";

// The upload converters' suites check that nothing is left running: every process on the machine
// whose command line names a test's own directory (LibreOffice's profile, pdftoppm's output), whoever its parent is now.

export async function processesMentioning(text: string): Promise<{ pid: number; command: string }[]> {
  const pids = (await readdir("/proc")).filter((name) => /^\d+$/.test(name)).map(Number);
  const commands = await Promise.all(
    pids.map((pid) => readFile(`/proc/${pid}/cmdline`, "utf8").catch(() => "")),
  );
  return pids
    .map((pid, i) => ({ pid, command: (commands[i] ?? "").split("\0").join(" ").trim() }))
    .filter(({ pid, command }) => pid !== process.pid && command.includes(text));
}
