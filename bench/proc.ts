import { execFileSync } from "node:child_process";
import { readdir, readFile, readlink } from "node:fs/promises";

// What the media benchmarks read of a process from /proc: its CPU time, its children, its executable.

const TICKS = Number(execFileSync("getconf", ["CLK_TCK"]).toString().trim()) || 100;

/** A process's CPU seconds from its stat line: its own, its reaped children's, and its name. */
export async function cpuOf(pid: number | "self"): Promise<{ own: number; reaped: number; name: string }> {
  const stat = await readFile(`/proc/${pid}/stat`, "utf8").catch(() => null);
  if (stat === null) return { own: 0, reaped: 0, name: "" };
  const f = stat
    .slice(stat.lastIndexOf(")") + 2)
    .split(" ")
    .map(Number);
  return {
    own: ((f[11] ?? 0) + (f[12] ?? 0)) / TICKS,
    reaped: ((f[13] ?? 0) + (f[14] ?? 0)) / TICKS,
    name: stat.slice(stat.indexOf("(") + 1, stat.lastIndexOf(")")),
  };
}

export async function childrenOf(pid: number | "self"): Promise<number[]> {
  const tasks = await readdir(`/proc/${pid}/task`).catch(() => []);
  const lists = await Promise.all(
    tasks.map((t) => readFile(`/proc/${pid}/task/${t}/children`, "utf8").catch(() => "")),
  );
  return lists.join(" ").split(/\s+/).filter(Boolean).map(Number);
}

/** Every process below `pid`, children before their own children. */
export async function descendantsOf(pid: number | "self"): Promise<number[]> {
  const children = await childrenOf(pid);
  const below = await Promise.all(children.map(descendantsOf));
  return children.flatMap((child, i) => [child, ...(below[i] ?? [])]);
}

/** The executable a process runs ("" once it ended). */
export const executableOf = (pid: number) => readlink(`/proc/${pid}/exe`).catch(() => "");
