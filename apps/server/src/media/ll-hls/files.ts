import { rename, rm, writeFile } from "node:fs/promises";
import path from "node:path";
import type { MediaFiles } from "./packager";

/** The stream's folder; a file appears whole (written aside, then renamed), never half-written to a reader. */
export function folderFiles(dir: string): MediaFiles {
  return {
    async write(name, bytes) {
      const aside = path.join(dir, `.${name}.tmp`);
      await writeFile(aside, bytes);
      await rename(aside, path.join(dir, name));
    },
    remove: (name) => rm(path.join(dir, name), { force: true }),
  };
}
