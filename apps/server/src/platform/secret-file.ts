import { randomBytes } from "node:crypto";
import { readFile, writeFile } from "node:fs/promises";

/**
 * A secret kept in a file of the data directory: generated on the first start (owner-only), the same
 * on every start after, so the embedded default needs no configuration and its signed URLs survive a
 * restart.
 */
export async function secretFromFile(file: string): Promise<string> {
  const existing = (await readFile(file, "utf8").catch(() => "")).trim();
  if (existing.length >= 32) return existing;
  const secret = randomBytes(32).toString("base64url");
  await writeFile(file, `${secret}\n`, { mode: 0o600 });
  return secret;
}
