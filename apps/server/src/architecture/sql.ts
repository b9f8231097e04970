import { isTestFile, type SourceFile, type Violation } from "./imports";

// SQL lives in files named queries.ts (STYLE.md: routes → service → queries), so a query's text and
// its row mapping have one home a reader can search. Tests, the test harness and the database adapter
// itself (drivers, migrations, row helpers) are the exceptions.

const SQL = [
  /\bSELECT\s+[\w*"($]/,
  /\bINSERT\s+INTO\b/,
  /\bUPDATE\s+[\w"${}.]+\s+SET\b/,
  /\bDELETE\s+FROM\b/,
  // A call of the database port: a query run with text built elsewhere is SQL here too.
  /\.query\s*(?:<|\()/,
  /\bstatement\s*\(/,
];

const MAY_HOLD_SQL = [/(^|\/)queries\.ts$/, /^testing\//, /^platform\/database\//];

export const mayHoldSql = (file: string) => isTestFile(file) || MAY_HOLD_SQL.some((p) => p.test(file));

/** Comments may speak of SQL: only those starting a line or after white space are dropped (not `https://`). */
const withoutComments = (text: string) =>
  text.replace(/^\s*\/\*[\s\S]*?\*\//gm, "").replace(/(^|\s)\/\/.*$/gm, "$1");

/** The first line of `text` that holds SQL or calls the database, or null. */
export function firstSqlLine(text: string): string | null {
  const code = withoutComments(text);
  const at = Math.min(...SQL.map((pattern) => pattern.exec(code)?.index ?? Number.POSITIVE_INFINITY));
  if (at === Number.POSITIVE_INFINITY) return null;
  const start = code.lastIndexOf("\n", at) + 1;
  const end = code.indexOf("\n", at);
  return code
    .slice(start, end === -1 ? undefined : end)
    .trim()
    .slice(0, 80);
}

/** Every file of `files` that holds SQL but may not, with its first such line. */
export function sqlViolations(files: readonly SourceFile[]): Violation[] {
  return files.flatMap((f) => {
    if (mayHoldSql(f.path)) return [];
    const line = firstSqlLine(f.text);
    return line === null ? [] : [{ file: f.path, what: line, reason: "SQL outside a queries.ts" }];
  });
}
