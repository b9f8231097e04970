import { createHash, randomBytes } from "node:crypto";
import { readdir, readFile } from "node:fs/promises";
import path from "node:path";
import pg from "pg";
import { MIGRATIONS_DIR } from "../../paths";
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
  template ??= migratedTemplate(admin, adminUrl);
  await admin.query(`CREATE DATABASE ${name} TEMPLATE ${await template}`);
  // A throw-away database needs no durability: commits stop waiting for the disk (a quarter of the
  // database suites' time here).
  await admin.query(`ALTER DATABASE ${name} SET synchronous_commit = off`);
  const url = databaseUrl(adminUrl, name);
  const db = await openDatabase({ url });
  return {
    db,
    // For a server process of its own on this database (e2e/plans.e2e.ts).
    url,
    drop: async () => {
      await db.close();
      await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await admin.end();
    },
  };
}

function databaseUrl(adminUrl: string, name: string): string {
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return url.toString();
}

let template: Promise<string> | null = null;

/**
 * The migrated database a throw-away one is copied from, named by the migrations it holds: made once
 * for every worker and run (under an advisory lock), instead of migrating each new database.
 */
async function migratedTemplate(admin: pg.Client, adminUrl: string): Promise<string> {
  const name = `onstage_template_${await migrationsDigest()}`;
  await admin.query("SELECT pg_advisory_lock(727002)");
  try {
    const found = await admin.query("SELECT 1 FROM pg_database WHERE datname = $1", [name]);
    if (found.rowCount === 0) {
      // Built under another name and renamed once migrated: a run that dies halfway leaves no template.
      const building = `${name}_building`;
      await admin.query(`DROP DATABASE IF EXISTS ${building} WITH (FORCE)`);
      await admin.query(`CREATE DATABASE ${building}`);
      await (await openDatabase({ url: databaseUrl(adminUrl, building) })).close();
      await admin.query(`ALTER DATABASE ${building} RENAME TO ${name}`);
    }
  } finally {
    await admin.query("SELECT pg_advisory_unlock(727002)");
  }
  return name;
}

async function migrationsDigest(): Promise<string> {
  const hash = createHash("sha256");
  for (const file of (await readdir(MIGRATIONS_DIR)).filter((f) => f.endsWith(".sql")).sort())
    hash.update(file).update(await readFile(path.join(MIGRATIONS_DIR, file)));
  return hash.digest("hex").slice(0, 16);
}
