import type { Queryable } from "../../../platform/database";
import type { FileStorage } from "../../../platform/storage/port";
import { pagesPrefix } from "../slides/conversion";
import { type LibraryKeys, unreferenced } from "./queries";

// A deck's upload and pages, or a video's file, leave storage once no session and no template refers to
// them (a template's copy shares the session's files).

export async function removeUnreferenced(
  db: Queryable,
  storage: FileStorage,
  keys: LibraryKeys,
): Promise<void> {
  const gone = await unreferenced(db, keys);
  for (const fileKey of gone.slides) {
    for (const key of await storage.list(pagesPrefix(fileKey))) await storage.delete(key);
    await storage.delete(fileKey);
  }
  for (const fileKey of gone.videos) await storage.delete(fileKey);
}
