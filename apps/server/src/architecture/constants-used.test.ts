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

/** The specs' constants: those of the whole app, and those only the room's code uses. */
const CONSTANT_FILES = ["packages/domain/src/constants.ts", "packages/domain/src/room-constants.ts"].map(
  (file) => path.join(ROOT, file),
);

test("every exported constant is used by the code", () => {
  const code = SOURCES.flatMap((dir) => sourceFiles(path.join(ROOT, dir)))
    .filter((file) => !CONSTANT_FILES.includes(file))
    .map((file) => readFileSync(file, "utf8"))
    .join("\n");
  // Used by another constant of these files (one that is used) counts too.
  const inConstants = CONSTANT_FILES.map((file) => readFileSync(file, "utf8")).join("\n");
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
