import { constants } from "node:fs";
import { access } from "node:fs/promises";
import path from "node:path";

// The outside programs the server runs (ffmpeg, Chromium) are found the same way.

export const isExecutable = (file: string) =>
  access(file, constants.X_OK).then(
    () => true,
    () => false,
  );

/** The first executable `name` in the directories of `searchPath` (process.env.PATH by default). */
export async function findOnPath(name: string, searchPath = process.env.PATH ?? ""): Promise<string | null> {
  for (const dir of searchPath.split(path.delimiter)) {
    if (!dir) continue;
    const candidate = path.join(dir, name);
    if (await isExecutable(candidate)) return candidate;
  }
  return null;
}
