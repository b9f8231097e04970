import { randomBytes } from "node:crypto";
import pg from "pg";
import { afterAll, beforeAll, describe } from "vitest";
import { type Database, openDatabase } from "../platform/database";

/** The PostgreSQL server the suite creates throw-away databases on (CI starts it when it is down). */
const ADMIN_URL = process.env.TEST_POSTGRES_URL ?? "postgres://postgres@127.0.0.1:5432/postgres";

export type Engine = "pglite" | "postgres";
export const ENGINES: Engine[] = ["pglite", "postgres"];

/** A fresh, migrated database: in-memory PGlite, or a new database on the PostgreSQL server. */
export async function freshDatabase(engine: Engine): Promise<{ db: Database; drop: () => Promise<void> }> {
  if (engine === "pglite") {
    const db = await openDatabase({});
    return { db, drop: () => db.close() };
  }
  const name = `onstage_test_${randomBytes(6).toString("hex")}`;
  const admin = new pg.Client({ connectionString: ADMIN_URL });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  const url = new URL(ADMIN_URL);
  url.pathname = `/${name}`;
  const db = await openDatabase({ url: url.toString() });
  return {
    db,
    drop: async () => {
      await db.close();
      await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await admin.end();
    },
  };
}

/**
 * Runs the same suite once on PGlite and once on PostgreSQL; `use()` gives the suite's database.
 * The data-layer contract is that both engines behave alike.
 */
export function describeOnEachDatabase(
  title: string,
  suite: (use: () => Database, engine: Engine) => void,
): void {
  describe.each(ENGINES)(`${title} [%s]`, (engine) => {
    let current: Awaited<ReturnType<typeof freshDatabase>> | undefined;
    beforeAll(async () => {
      current = await freshDatabase(engine);
    });
    afterAll(async () => {
      await current?.drop();
    });
    suite(() => {
      if (!current) throw new Error("database not ready");
      return current.db;
    }, engine);
  });
}
