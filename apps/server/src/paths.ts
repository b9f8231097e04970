import path from "node:path";
import { fileURLToPath } from "node:url";

// This file sits directly in apps/server/src/, and its code lands in apps/server/dist/*.js when the
// server is bundled (build/bundle.ts): from either, the server's folder is one level up. Every path the
// server reads from its own tree starts here, so bundling cannot break one of them.

/** apps/server */
export const SERVER_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");

/** The repository: `./data` and the web build are found from here. */
export const REPO_ROOT = path.resolve(SERVER_ROOT, "../..");

/** The SQL migrations, applied in name order (platform/database/migrate.ts). */
export const MIGRATIONS_DIR = path.join(SERVER_ROOT, "migrations");
