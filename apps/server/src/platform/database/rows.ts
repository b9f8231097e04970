import type { Queryable } from "./";

/**
 * Updates only the given columns of one row. Column names come from code, never from a request;
 * values are parameters. Undefined values are left out; nothing to set is a no-op (false).
 */
export async function updateColumns(
  db: Queryable,
  table: string,
  id: number,
  columns: Record<string, unknown>,
  options: { touch?: boolean } = {},
): Promise<boolean> {
  const entries = Object.entries(columns).filter(([, value]) => value !== undefined);
  if (entries.length === 0) return false;
  const sets = entries.map(([name], i) => `"${name}" = $${i + 2}`);
  if (options.touch) sets.push("updated_at = now()");
  await db.query(`UPDATE ${table} SET ${sets.join(", ")} WHERE id = $1`, [
    id,
    ...entries.map(([, value]) => value),
  ]);
  return true;
}

export const iso = (date: Date | null): string | null => date?.toISOString() ?? null;

/** PostgreSQL's unique_violation, as both drivers report it. */
export function isUniqueViolation(error: unknown): boolean {
  return typeof error === "object" && error !== null && "code" in error && error.code === "23505";
}
