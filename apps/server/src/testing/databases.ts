import { afterAll, beforeAll, describe } from "vitest";
import type { Database } from "../platform/database";
import { type Engine, throwawayDatabase } from "../platform/database/throwaway";

/** The PostgreSQL server the suite creates throw-away databases on (CI starts it when it is down). */
const ADMIN_URL = process.env.TEST_POSTGRES_URL ?? "postgres://postgres@127.0.0.1:5432/postgres";

export type { Engine };
export const ENGINES: Engine[] = ["pglite", "postgres"];

/** A fresh, migrated database: in-memory PGlite, or a new database on the PostgreSQL server. */
export const freshDatabase = (engine: Engine) => throwawayDatabase(engine, ADMIN_URL);

type Suite = (use: () => Database, engine: Engine) => void;

/**
 * Runs the same suite once on PGlite and once on PostgreSQL; `use()` gives the suite's database.
 * The data-layer contract is that both engines behave alike.
 */
export function describeOnEachDatabase(title: string, suite: Suite): void {
  describeOn(ENGINES, title, suite);
}

/**
 * Runs a suite once, on PostgreSQL: for suites whose subject is not the SQL (role × action matrices,
 * media pipelines), where a second engine doubles the run time and adds nothing. The embedded PGlite
 * still runs under every e2e test (the server they start is the `npm start` one).
 */
export function describeOnPostgres(title: string, suite: Suite): void {
  describeOn(["postgres"], title, suite);
}

/** For what does not depend on the database engine: one run, on PGlite (in process, the quicker). */
export function describeOnPglite(title: string, suite: Suite): void {
  describeOn(["pglite"], title, suite);
}

function describeOn(engines: Engine[], title: string, suite: Suite): void {
  describe.each(engines)(`${title} [%s]`, (engine) => {
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
