/**
 * A frequent query under a name: node-postgres prepares it once per connection and then only binds
 * and executes it (docs/decisions.md "Hot paths"). The text never changes under one name.
 */
export interface Statement {
  name: string;
  text: string;
}

export const statement = (name: string, text: string): Statement => ({ name, text });

/** What feature queries need from a database: the same calls on PGlite and on PostgreSQL. */
export interface Queryable {
  query<Row>(sql: string | Statement, params?: readonly unknown[]): Promise<Row[]>;
}

export interface Database extends Queryable {
  readonly kind: "pglite" | "postgres";
  /** Runs `work` in one transaction; it commits when `work` resolves and rolls back when it throws. */
  transaction<T>(work: (tx: Queryable) => Promise<T>): Promise<T>;
  /** Runs a script of several statements without parameters (migrations). */
  exec(script: string): Promise<void>;
  close(): Promise<void>;
}
