import { setFlagsFromString } from "node:v8";
import type { PGlite } from "@electric-sql/pglite";
import type { Database, Queryable, Statement } from "./types";

/**
 * PostgreSQL's memory settings for one embedded instance (docs/decisions.md, "Start and memory"):
 * its 128 MB of shared buffers are zeroed into the WASM heap at start, the largest part of an idle
 * server's memory; 16 MB holds the working set of a one-machine install (the files stay in the OS's
 * page cache). Sorts and index builds get PostgreSQL's defaults scaled down alike.
 */
export const PGLITE_SETTINGS = {
  shared_buffers: "16MB",
  work_mem: "4MB",
  maintenance_work_mem: "16MB",
  temp_buffers: "2MB",
};

export interface PgliteDatabase extends Database {
  /** The whole cluster as a tarball, which `openPglite`'s `from` starts another from. */
  dump(): Promise<Blob>;
}

/**
 * Embedded PostgreSQL (WASM). `dataDir` undefined keeps everything in memory (tests); `from` starts it
 * from another's dump instead of a new cluster (initdb is most of a start: ~2 s against ~0.7 s).
 */
export async function openPglite(dataDir?: string, from?: Blob): Promise<PgliteDatabase> {
  // PostgreSQL's WASM is compiled by Liftoff only: TurboFan's background tier-up of its hot functions
  // kept 40-90 MB of compiler memory after start (idle RSS 220-270 MB against 178-181 MB) for about 10%
  // more registrations a second (docs/decisions.md, "Start and memory"). Read when a module compiles.
  setFlagsFromString("--liftoff-only");
  // Loaded here: a server on PostgreSQL (DATABASE_URL) never needs the WASM build.
  const { PGlite, types } = await import("@electric-sql/pglite");
  const settings = Object.entries(PGLITE_SETTINGS).flatMap(([name, value]) => ["-c", `${name}=${value}`]);
  const pg = await PGlite.create(dataDir, {
    parsers: { [types.INT8]: (value: string) => Number(value) },
    startParams: [...PGlite.defaultStartParams, ...settings],
    ...(from ? { loadDataDir: from } : {}),
  });
  const wrap = (q: Pick<PGlite, "query">): Queryable => ({
    // PGlite has one connection and no named statements: the name is only for node-postgres.
    async query<Row>(sql: string | Statement, params: readonly unknown[] = []) {
      const result = await q.query<Row>(typeof sql === "string" ? sql : sql.text, params as unknown[]);
      return result.rows;
    },
  });
  return {
    kind: "pglite",
    ...wrap(pg),
    transaction: (work) => pg.transaction((tx) => work(wrap(tx))),
    exec: async (script) => {
      await pg.exec(script);
    },
    close: () => pg.close(),
    dump: () => pg.dumpDataDir("none"),
  };
}
