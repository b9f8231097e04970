import { readFile, stat } from "node:fs/promises";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { testFilesDir } from "../testing/app";
import { secretFromFile } from "./secret-file";

describe("secretFromFile", () => {
  it("generates a secret once, readable only by its owner, and returns it on every later start", async () => {
    const file = path.join(await testFilesDir(), "media-secret");
    const secret = await secretFromFile(file);
    expect(secret.length).toBeGreaterThanOrEqual(32);
    expect((await stat(file)).mode & 0o777).toBe(0o600);
    expect(await secretFromFile(file)).toBe(secret);
    expect((await readFile(file, "utf8")).trim()).toBe(secret);
  });
});
