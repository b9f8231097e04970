import { randomBytes } from "node:crypto";
import pg from "pg";
import { migrate, openDatabase } from "./index";
import { openPglite } from "./pglite";
import type { Database } from "./types";

export type Engine = "pglite" | "postgres";

let cluster: Promise<Blob> | null = null;

/** A migrated PGlite cluster, made once per process: every throw-away PGlite starts from its copy. */
function migratedCluster(): Promise<Blob> {
  cluster ??= (async () => {
    const db = await openPglite();
    await migrate(db);
    const dump = await db.dump();
    await db.close();
    return dump;
  })();
  return cluster;
}

/**
 * A fresh, migrated database for tests and benchmarks: in-memory PGlite, or a new database on the
 * PostgreSQL server at `adminUrl`, dropped by `drop()`.
 */
export async function throwawayDatabase(
  engine: Engine,
  adminUrl: string,
): Promise<{ db: Database; drop: () => Promise<void>; url?: string }> {
  if (engine === "pglite") {
    const db = await openPglite(undefined, await migratedCluster());
    return { db, drop: () => db.close() };
  }
  const name = `onstage_tmp_${randomBytes(6).toString("hex")}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  const db = await openDatabase({ url: url.toString() });
  return {
    db,
    // For a server process of its own on this database (e2e/plans.e2e.ts).
    url: url.toString(),
    drop: async () => {
      await db.close();
      await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await admin.end();
    },
  };
}
