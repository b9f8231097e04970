// The delivery directives of a playlist request (RFC 8216bis §6.2.5): `_HLS_msn`, `_HLS_part`, `_HLS_skip`.
// Anything malformed is refused rather than guessed at: a client sending it is broken.

export interface AwaitedPart {
  msn: number;
  /** null: the whole segment `msn`. */
  part: number | null;
}

export interface ReloadQuery {
  /** Hold the response until the playlist has this (or later); null answers at once. */
  awaited: AwaitedPart | null;
  /** A delta update (`YES`, or `v2`, which also skips date ranges: we write none). */
  skip: boolean;
}

export type ReloadQueryResult = { ok: true; query: ReloadQuery } | { ok: false; reason: string };

/** Sequence numbers and part indexes are counted from 0 per stream: ten digits is beyond any real one. */
const INDEX = /^(0|[1-9][0-9]{0,9})$/;
const MAX_INDEX = 2 ** 32 - 1;

export function parseReloadQuery(query: Readonly<Record<string, unknown>>): ReloadQueryResult {
  const msn = index(query._HLS_msn);
  const part = index(query._HLS_part);
  const skip = query._HLS_skip;
  if (msn === "invalid") return refused("_HLS_msn must be a non-negative integer");
  if (part === "invalid") return refused("_HLS_part must be a non-negative integer");
  // §6.2.5.2: a part without its segment is a 400.
  if (part !== null && msn === null) return refused("_HLS_part without _HLS_msn");
  if (skip !== undefined && skip !== "YES" && skip !== "v2") return refused("_HLS_skip must be YES or v2");
  const awaited = msn === null ? null : { msn, part };
  return { ok: true, query: { awaited, skip: skip !== undefined } };
}

function index(value: unknown): number | null | "invalid" {
  if (value === undefined) return null;
  if (typeof value !== "string" || !INDEX.test(value)) return "invalid";
  const n = Number(value);
  return n <= MAX_INDEX ? n : "invalid";
}

const refused = (reason: string): ReloadQueryResult => ({ ok: false, reason });
