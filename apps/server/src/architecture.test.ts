import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, test } from "vitest";
import { importRefusal, importViolations, relativeImports, type SourceFile } from "./architecture/imports";
import { firstSqlLine, mayHoldSql, sqlViolations } from "./architecture/sql";

// The server's homes (ARCHITECTURE.md "Homes and the import rule"): a feature imports the kernel, media,
// platform, http, src's own files, its own folder and other features' service.ts only; the kernel and
// media import no feature; platform and http import none of the three. Tests follow the same rule, with
// the test harness (testing/) as their one addition. SQL lives in queries.ts files.

const SRC = path.dirname(fileURLToPath(import.meta.url));

function serverSources(): SourceFile[] {
  return (readdirSync(SRC, { recursive: true }) as string[])
    .filter((file) => file.endsWith(".ts") && !file.endsWith(".d.ts"))
    .map((file) => ({
      path: file.split(path.sep).join("/"),
      text: readFileSync(path.join(SRC, file), "utf8"),
    }));
}

describe("the import rule", () => {
  test.each([
    {
      case: "a feature reaching into another's queries",
      file: "features/chat/routes.ts",
      spec: "../polls/queries",
      allowed: false,
    },
    {
      case: "a feature through another's service.ts",
      file: "features/chat/routes.ts",
      spec: "../polls/service",
      allowed: true,
    },
    { case: "a feature's own folder", file: "features/chat/routes.ts", spec: "./queries", allowed: true },
    {
      case: "a feature's own sub-folder",
      file: "features/dashboard/team/service.ts",
      spec: "../invites/queries",
      allowed: true,
    },
    {
      case: "a sub-folder's service.ts of another feature",
      file: "features/auth/invite.ts",
      spec: "../dashboard/invites/service",
      allowed: false,
    },
    {
      case: "the features' shared contract",
      file: "features/chat/feature.ts",
      spec: "../feature",
      allowed: true,
    },
    {
      case: "that contract reaching into a feature",
      file: "features/feature.ts",
      spec: "./realtime/socket",
      allowed: false,
    },
    {
      case: "a feature on the kernel",
      file: "features/chat/routes.ts",
      spec: "../../kernel/identity/viewer",
      allowed: true,
    },
    {
      case: "a feature on media",
      file: "features/rtmp-ingest/ingest.ts",
      spec: "../../media/hls-paths",
      allowed: true,
    },
    {
      case: "a feature on a platform port",
      file: "features/chat/service.ts",
      spec: "../../platform/database",
      allowed: true,
    },
    {
      case: "a feature on http",
      file: "features/payments/test-checkout.ts",
      spec: "../../http/html",
      allowed: true,
    },
    {
      case: "a feature on src's own files",
      file: "features/chat/service.ts",
      spec: "../../config",
      allowed: true,
    },
    {
      case: "a feature's child entry by its file name",
      file: "features/rtmp-ingest/ingest-process.ts",
      spec: "./ingest-entry.mjs",
      allowed: true,
    },
    {
      case: "a test on the test harness",
      file: "features/chat/history.test.ts",
      spec: "../../testing/app",
      allowed: true,
    },
    {
      case: "a test reaching into another feature",
      file: "features/chat/history.test.ts",
      spec: "../polls/queries",
      allowed: false,
    },
    {
      case: "production code on the test harness",
      file: "features/chat/service.ts",
      spec: "../../testing/app",
      allowed: false,
    },
    {
      case: "the kernel on a feature's queries",
      file: "kernel/access/queries.ts",
      spec: "../../features/events/queries",
      allowed: false,
    },
    {
      case: "the kernel on a feature's service.ts",
      file: "kernel/access/queries.ts",
      spec: "../../features/events/service",
      allowed: false,
    },
    {
      case: "the kernel on itself",
      file: "kernel/access/queries.ts",
      spec: "../sessions/service",
      allowed: true,
    },
    {
      case: "media on a feature",
      file: "media/playlists.ts",
      spec: "../features/program-feed/pipeline",
      allowed: false,
    },
    {
      case: "a platform port on a feature",
      file: "platform/mail/layout.ts",
      spec: "../../features/share-preview/html",
      allowed: false,
    },
    {
      case: "a platform port on the kernel",
      file: "platform/realtime/outbox.ts",
      spec: "../../kernel/broadcast/streams",
      allowed: false,
    },
    {
      case: "a platform port on http",
      file: "platform/mail/layout.ts",
      spec: "../../http/html",
      allowed: true,
    },
    { case: "app.ts wiring the features", file: "app.ts", spec: "./features/chat/feature", allowed: true },
    {
      case: "the harness on a feature's queries",
      file: "testing/given.ts",
      spec: "../features/chat/queries",
      allowed: true,
    },
    {
      case: "a file outside src",
      file: "features/realtime/contract.test.ts",
      spec: "../../../../../docs/x",
      allowed: true,
    },
  ])("$case: $file → $spec", ({ file, spec, allowed }) => {
    expect(importRefusal(file, spec) === null).toBe(allowed);
  });

  test.each([
    { case: "named import", text: 'import { a } from "./x";', want: ["./x"] },
    { case: "type import", text: 'import type { A } from "../y";', want: ["../y"] },
    { case: "re-export", text: 'export { b, type C } from "./z";', want: ["./z"] },
    { case: "star re-export", text: 'export * from "./w";', want: ["./w"] },
    { case: "side-effect import", text: 'import "./setup";', want: ["./setup"] },
    { case: "import over lines", text: 'import {\n  a,\n  b,\n} from "./m";', want: ["./m"] },
    { case: "dynamic import", text: 'const m = await import("../lazy");', want: ["../lazy"] },
    { case: "package import", text: 'import { z } from "zod";', want: [] },
    { case: "an exported string", text: 'export const PATH = "./not-a-module";', want: [] },
  ])("reads the relative specifiers of a $case", ({ text, want }) => {
    expect(relativeImports(text)).toEqual(want);
  });

  test("every file of apps/server/src keeps the rule", () => {
    const violations = importViolations(serverSources()).map((v) => `${v.file} -> ${v.what} (${v.reason})`);
    expect(violations).toEqual([]);
  });
});

describe("SQL lives in queries.ts", () => {
  test.each([
    { case: "a feature's queries", file: "features/chat/queries.ts", may: true },
    { case: "the kernel's queries", file: "kernel/broadcast/queries.ts", may: true },
    { case: "a service", file: "features/program-feed/feeds.ts", may: false },
    { case: "a flat <thing>.queries.ts", file: "features/dashboard/channels.queries.ts", may: false },
    { case: "a platform port beside its queries", file: "platform/jobs/worker.ts", may: false },
    { case: "the database adapter (drivers, migrations)", file: "platform/database/migrate.ts", may: true },
    { case: "the test harness", file: "testing/given.ts", may: true },
    { case: "a test", file: "features/chat/history.test.ts", may: true },
  ])("$case ($file) may hold SQL: $may", ({ file, may }) => {
    expect(mayHoldSql(file)).toBe(may);
  });

  test.each([
    { case: "a database call", text: 'await db.query("SELECT 1");', sql: true },
    { case: "a typed database call", text: "const rows = await tx.query<Row>(text, []);", sql: true },
    { case: "a named statement", text: 'const FIND = statement("find", text);', sql: true },
    { case: "an insert", text: "const text = `INSERT INTO t (a) VALUES ($1)`;", sql: true },
    {
      case: "an update of a table named in code",
      text: `\`UPDATE \${table} SET a = $2 WHERE id = $1\``,
      sql: true,
    },
    { case: "a delete", text: 'const text = "DELETE FROM t WHERE id = $1";', sql: true },
    { case: "a select over lines", text: "const text = `\n  SELECT\n    id FROM t`;", sql: true },
    {
      case: "a fragment for queries to compose",
      text: `\`EXISTS (SELECT 1 FROM bans ban WHERE \${c})\``,
      sql: true,
    },
    {
      case: "a comment about SQL",
      text: "// SELECT id FROM t is what the queries read\nconst a = 1;",
      sql: false,
    },
    {
      case: "a doc comment about SQL",
      text: "  /** UPDATE t SET x under the lock */\nconst a = 1;",
      sql: false,
    },
    { case: "a URL", text: 'const url = "https://example.com//a";', sql: false },
    { case: "words of a page", text: 'const label = "Select a ticket";', sql: false },
    { case: "a request's query string", text: "const id = req.query.id;", sql: false },
  ])("$case holds SQL: $sql", ({ text, sql }) => {
    expect(firstSqlLine(text) !== null).toBe(sql);
  });

  test("no file of apps/server/src holds SQL outside a queries.ts", () => {
    const violations = sqlViolations(serverSources()).map((v) => `${v.file}: ${v.what} (${v.reason})`);
    expect(violations).toEqual([]);
  });
});
