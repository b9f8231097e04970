import { PGlite, types } from "@electric-sql/pglite";
import type { Database, Queryable } from "./types";

/** Embedded PostgreSQL (WASM). `dataDir` undefined keeps everything in memory (tests). */
export async function openPglite(dataDir?: string): Promise<Database> {
  const pg = await PGlite.create(dataDir, { parsers: { [types.INT8]: (value: string) => Number(value) } });
  const wrap = (q: Pick<PGlite, "query">): Queryable => ({
    async query<Row>(sql: string, params: readonly unknown[] = []) {
      const result = await q.query<Row>(sql, params as unknown[]);
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
  };
}
