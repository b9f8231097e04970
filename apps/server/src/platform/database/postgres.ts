import type pg from "pg";
import type { Database, Queryable, Statement } from "./types";

const INT8 = 20;
const CONNECT_TIMEOUT_MS = 5_000;
const INT8_ARRAY = 1016;

/** Our bigint[] columns hold ids only: no nulls, no quoting, one dimension. */
function parseIdArray(text: string): number[] {
  return text.length <= 2 ? [] : text.slice(1, -1).split(",").map(Number);
}

// Ids are bigint identities; they stay far below 2^53, so both drivers hand them out as numbers.
const typeParsers = (types: typeof pg.types) =>
  ({
    getTypeParser(oid: number, format?: "text" | "binary") {
      if (oid === INT8) return (value: string) => Number(value);
      if (oid === INT8_ARRAY) return parseIdArray;
      return types.getTypeParser(oid, format);
    },
  }) as pg.CustomTypesConfig;

export async function openPostgres(
  connectionString: string,
  onIdleError: (error: Error) => void = () => undefined,
  poolSize = 10,
): Promise<Database> {
  // Loaded here: an embedded server (PGlite) never needs the driver.
  const { default: pg } = await import("pg");
  const pool = new pg.Pool({
    connectionString,
    types: typeParsers(pg.types),
    max: poolSize,
    // A server that does not answer fails the request (a 503: platform/database/outage.ts), not holds it.
    connectionTimeoutMillis: CONNECT_TIMEOUT_MS,
  });
  // An idle connection dropped by the server (restart, failover) is discarded by the pool; without a
  // listener the 'error' event would end the process.
  pool.on("error", onIdleError);
  // Fail at start-up, not on the first request, when the server is unreachable.
  const client = await pool.connect();
  client.release();
  const wrap = (q: pg.Pool | pg.PoolClient): Queryable => ({
    async query<Row>(sql: string | Statement, params: readonly unknown[] = []) {
      const values = params as unknown[];
      const result = await (typeof sql === "string" ? q.query(sql, values) : q.query({ ...sql, values }));
      return result.rows as Row[];
    },
  });
  return {
    kind: "postgres",
    ...wrap(pool),
    async transaction(work) {
      const conn = await pool.connect();
      try {
        await conn.query("BEGIN");
        const result = await work(wrap(conn));
        await conn.query("COMMIT");
        return result;
      } catch (error) {
        await conn.query("ROLLBACK").catch(() => undefined);
        throw error;
      } finally {
        conn.release();
      }
    },
    exec: async (script) => {
      await pool.query(script);
    },
    close: () => pool.end(),
  };
}
