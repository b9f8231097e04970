import { migrate } from "./migrate";
import { openPglite } from "./pglite";
import { openPostgres } from "./postgres";
import type { Database } from "./types";

export type { Database, Queryable, Statement } from "./types";
export { statement } from "./types";
export { migrate };

/** PostgreSQL when a URL is given, else PGlite under `dataDir` (or in memory); migrated either way. */
export async function openDatabase(options: {
  url?: string;
  dataDir?: string;
  onIdleError?: (error: Error) => void;
}): Promise<Database> {
  const db = options.url
    ? await openPostgres(options.url, options.onIdleError)
    : await openPglite(options.dataDir);
  await migrate(db);
  return db;
}
