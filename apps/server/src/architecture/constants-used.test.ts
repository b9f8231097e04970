import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { expect, test } from "vitest";

// Issue 29 §8: every constant of the specs is used by the product's code, or it is gone with a line in
// docs/decisions.md saying why. Tests, test helpers and browser tests do not count as a use.

const ROOT = path.resolve(import.meta.dirname, "../../../..");
const SOURCES = ["apps/server/src", "apps/web/src", "packages/domain/src"];
const NOT_CODE = /(\.test\.tsx?|\.e2e\.ts)$|\/testing\//;

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === "node_modules" ? [] : sourceFiles(full);
    return /\.tsx?$/.test(entry.name) && !NOT_CODE.test(full) ? [full] : [];
  });
}

test("every exported constant is used by the code", () => {
  const constantsFile = path.join(ROOT, "packages/domain/src/constants.ts");
  const code = SOURCES.flatMap((dir) => sourceFiles(path.join(ROOT, dir)))
    .filter((file) => file !== constantsFile)
    .map((file) => readFileSync(file, "utf8"))
    .join("\n");
  // Used inside constants.ts by another constant that is used counts too.
  const inConstants = readFileSync(constantsFile, "utf8");
  const names = [...inConstants.matchAll(/^export const ([A-Z][A-Z0-9_]*)\b/gm)].map((m) => m[1] ?? "");
  expect(names.length).toBeGreaterThan(100);
  const unused = names.filter((name) => {
    const word = new RegExp(`\\b${name}\\b`);
    if (word.test(code)) return false;
    const uses = inConstants.match(new RegExp(`\\b${name}\\b`, "g")) ?? [];
    return uses.length <= 1;
  });
  expect(unused).toEqual([]);
});
