import { mkdir, readdir, readFile, rm, writeFile } from "node:fs/promises";
import path from "node:path";
import { assertSafeKey, assertSafePrefix, FILES_URL_PREFIX, type FileStorage } from "./port";

/** Files under a directory the server itself serves at /files/ (the embedded default: one node). */
export function localFileStorage(root: string): FileStorage {
  const fileOf = (key: string) => {
    assertSafeKey(key);
    return path.join(root, key);
  };
  return {
    async put(key, bytes) {
      const file = fileOf(key);
      await mkdir(path.dirname(file), { recursive: true });
      await writeFile(file, bytes);
      return `${FILES_URL_PREFIX}${key}`;
    },
    async get(key) {
      return readFile(fileOf(key)).catch((error: NodeJS.ErrnoException) => {
        if (error.code === "ENOENT") return null;
        throw error;
      });
    },
    async delete(key) {
      await rm(fileOf(key), { force: true });
    },
    async list(prefix) {
      assertSafePrefix(prefix);
      const entries = await readdir(root, { recursive: true, withFileTypes: true }).catch(
        (error: NodeJS.ErrnoException) => {
          if (error.code === "ENOENT") return [];
          throw error;
        },
      );
      return entries
        .filter((entry) => entry.isFile())
        .map((entry) =>
          path.relative(root, path.join(entry.parentPath, entry.name)).split(path.sep).join("/"),
        )
        .filter((key) => key.startsWith(prefix))
        .sort();
    },
    async url(key) {
      assertSafeKey(key);
      return `${FILES_URL_PREFIX}${key}`;
    },
    async downloadUrl(key) {
      assertSafeKey(key);
      return null;
    },
  };
}
