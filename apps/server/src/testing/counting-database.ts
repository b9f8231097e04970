import { afterAll, beforeAll } from "vitest";
import type { App } from "../app";
import type { Database, Queryable, Statement } from "../platform/database";
import { buildTestApp } from "./app";

/** The database, with every query's text recorded (transactions' included): how many a request costs. */
export function countingDatabase(db: Database, queries: string[] = []): { db: Database; queries: string[] } {
  const counting = (q: Queryable): Queryable => ({
    query<Row>(sql: string | Statement, params?: readonly unknown[]) {
      queries.push(typeof sql === "string" ? sql : sql.text);
      return q.query<Row>(sql, params);
    },
  });
  return {
    queries,
    db: {
      ...counting(db),
      kind: db.kind,
      transaction: (work) => db.transaction((tx) => work(counting(tx))),
      exec: (script) => db.exec(script),
      close: () => db.close(),
    },
  };
}

/** The test app on a counting database, for a suite: `queries` is emptied by the test that reads it. */
export function useCountingApp(use: () => Database): { app: () => App; queries: string[] } {
  const queries: string[] = [];
  let app: App | undefined;
  beforeAll(async () => {
    app = await buildTestApp(countingDatabase(use(), queries).db);
  });
  afterAll(async () => {
    await app?.server.close();
  });
  return { app: () => app ?? (null as never), queries };
}
