import { spawn } from "node:child_process";
import { findOnPath } from "../executable";

// Issue 25 §1, §2: the tools that read hostile uploads (slide converters, ffprobe and ffmpeg on shared
// videos) get no network. Where the kernel lets an ordinary user make namespaces
// (Debian's default), every converter runs under `unshare`: a network namespace holding only a loopback
// that is down, and a PID namespace whose processes all die with its first one. Otherwise they run
// without, and rely on what applies in both cases: proxies pointed at a closed port, LibreOffice's
// linked-content and update settings off (office-profile.ts), and no environment of the server's.

/** `namespaces`: no network at all; `settings-only`: proxies and LibreOffice's settings alone. */
export type SandboxKind = "namespaces" | "settings-only";

export interface Sandbox {
  kind: SandboxKind;
  unshare: string | null;
  /** util-linux's prlimit, for the address-space cap (absent: no cap). */
  prlimit: string | null;
}

const UNSHARE_ARGS = ["--net", "--pid", "--fork", "--kill-child", "--map-root-user"];
const PROBE_TIMEOUT_MS = 5_000;

/** Port 9 (discard) on loopback: nothing listens there, so a proxied request fails at once. */
const DEAD_PROXY = "http://127.0.0.1:9";

function probe(unshare: string): Promise<boolean> {
  return new Promise((resolve) => {
    const child = spawn(unshare, [...UNSHARE_ARGS, "--", "true"], { stdio: "ignore" });
    const timer = setTimeout(() => child.kill("SIGKILL"), PROBE_TIMEOUT_MS);
    child.once("error", () => resolve(false));
    child.once("close", (code) => {
      clearTimeout(timer);
      resolve(code === 0);
    });
  });
}

async function detect(): Promise<Sandbox> {
  const [unshare, prlimit] = await Promise.all([findOnPath("unshare"), findOnPath("prlimit")]);
  const works = unshare !== null && (await probe(unshare));
  return { kind: works ? "namespaces" : "settings-only", unshare: works ? unshare : null, prlimit };
}

let detected: Promise<Sandbox> | null = null;

/** The sandbox this machine allows, found once (a process's first conversion asks the kernel). */
export function converterSandbox(): Promise<Sandbox> {
  detected ??= detect();
  return detected;
}

export function describeSandbox(sandbox: Sandbox): string {
  return sandbox.kind === "namespaces"
    ? "upload converters run in a network namespace with no network (unshare)"
    : "upload converters run without a network namespace (unshare unavailable): proxies and LibreOffice's link settings only";
}

/** The command line that runs `command` inside the sandbox, under the memory cap. */
export function confine(sandbox: Sandbox, command: readonly string[], memoryBytes: number): string[] {
  const capped = sandbox.prlimit ? [sandbox.prlimit, `--as=${memoryBytes}`, "--"] : [];
  const unshared = sandbox.unshare ? [sandbox.unshare, ...UNSHARE_ARGS, "--"] : [];
  return [...capped, ...unshared, ...command];
}

/** The converters' whole environment: nothing of the server's (its secrets) reaches them. */
export function confinedEnv(home: string): NodeJS.ProcessEnv {
  return {
    PATH: process.env.PATH ?? "/usr/bin:/bin",
    HOME: home,
    TMPDIR: home,
    LANG: "C.UTF-8",
    LC_ALL: "C.UTF-8",
    http_proxy: DEAD_PROXY,
    https_proxy: DEAD_PROXY,
    ftp_proxy: DEAD_PROXY,
    all_proxy: DEAD_PROXY,
    HTTP_PROXY: DEAD_PROXY,
    HTTPS_PROXY: DEAD_PROXY,
    ALL_PROXY: DEAD_PROXY,
    no_proxy: "",
    NO_PROXY: "",
  };
}
