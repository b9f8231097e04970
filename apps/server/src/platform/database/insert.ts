import type { Queryable } from "./types";

/**
 * Inserts one row built from an object and returns its id. For trusted, code-written rows only
 * (demo data, test builders): table and column names are interpolated.
 */
export async function insertRow(tx: Queryable, table: string, row: Record<string, unknown>): Promise<number> {
  const keys = Object.keys(row);
  // Plain objects go to jsonb as JSON text; arrays stay arrays (bigint[] columns).
  const values = keys.map((k) => {
    const v = row[k];
    return v !== null && typeof v === "object" && !(v instanceof Date) && !Array.isArray(v)
      ? JSON.stringify(v)
      : v;
  });
  const [created] = await tx.query<{ id: number }>(
    `INSERT INTO ${table} (${keys.map((k) => `"${k}"`).join(", ")})
     VALUES (${keys.map((_, i) => `$${i + 1}`).join(", ")}) RETURNING id`,
    values,
  );
  if (!created) throw new Error(`insert into ${table} returned no row`);
  return created.id;
}
