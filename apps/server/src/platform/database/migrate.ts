import { readdir, readFile } from "node:fs/promises";
import path from "node:path";
import { MIGRATIONS_DIR } from "../../paths";
import type { Database } from "./types";

/** Applies, in name order, each migration file not yet recorded; each file in its own transaction. */
export async function migrate(db: Database, dir = MIGRATIONS_DIR): Promise<string[]> {
  await db.exec(
    "CREATE TABLE IF NOT EXISTS schema_migrations (name text PRIMARY KEY, applied_at timestamptz NOT NULL DEFAULT now())",
  );
  // Two nodes starting together must not both apply a migration.
  const lock = "SELECT pg_advisory_xact_lock(727001)";
  const files = (await readdir(dir)).filter((f) => f.endsWith(".sql")).sort();
  const applied: string[] = [];
  for (const name of files) {
    const sql = await readFile(path.join(dir, name), "utf8");
    const didApply = await db.transaction(async (tx) => {
      await tx.query(lock);
      const done = await tx.query("SELECT 1 FROM schema_migrations WHERE name = $1", [name]);
      if (done.length > 0) return false;
      for (const statement of splitStatements(sql)) await tx.query(statement);
      await tx.query("INSERT INTO schema_migrations (name) VALUES ($1)", [name]);
      return true;
    });
    if (didApply) applied.push(name);
  }
  return applied;
}

/** Our migrations keep one statement per `;` at a line end and no procedural bodies. */
function splitStatements(sql: string): string[] {
  const withoutComments = sql.replace(/--.*$/gm, "");
  return withoutComments
    .split(/;\s*$/m)
    .map((s) => s.trim())
    .filter((s) => s.length > 0);
}
