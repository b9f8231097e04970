import { mkdir, writeFile } from "node:fs/promises";
import path from "node:path";

/** Where uploaded and generated files live: a local directory by default, object storage when scaled out. */
export interface FileStorage {
  /** Stores the bytes under a server-chosen key and returns the URL the browser fetches them from. */
  put(key: string, bytes: Buffer): Promise<string>;
}

export const FILES_URL_PREFIX = "/files/";

export function localFileStorage(root: string): FileStorage {
  return {
    async put(key, bytes) {
      if (!/^[a-z0-9/_-]+\.[a-z0-9]+$/.test(key) || key.includes(".."))
        throw new Error(`unsafe storage key ${key}`);
      const file = path.join(root, key);
      await mkdir(path.dirname(file), { recursive: true });
      await writeFile(file, bytes);
      return `${FILES_URL_PREFIX}${key}`;
    },
  };
}
