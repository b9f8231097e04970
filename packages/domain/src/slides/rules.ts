import { FILE_ORDER_START, SLIDE_FILE_EXTENSIONS } from "../constants";

// Spec 3 §3-§5 file presentations (slides): the upload's type by its name, the name a host gives it, the
// page the presenter moves to, and the list's order from 1.

export type SlideFileType = (typeof SLIDE_FILE_EXTENSIONS)[number];

/** A file presentation's name in the list (trimmed; the spec asks only for non-empty). */
export const SLIDE_NAME_MAX_CHARS = 120;

/** A file's extension (lower case) when it is one of `allowed`, else null. */
export function extensionIn<T extends string>(fileName: string, allowed: readonly T[]): T | null {
  const extension = /\.([A-Za-z0-9]+)$/.exec(fileName.trim())?.[1]?.toLowerCase() ?? "";
  return (allowed as readonly string[]).includes(extension) ? (extension as T) : null;
}

/** The file's type by its extension, or null ('file type not allowed', spec 3 §5). */
export const slideFileType = (fileName: string): SlideFileType | null =>
  extensionIn(fileName, SLIDE_FILE_EXTENSIONS);

/** A new presentation's name: the file's, without its extension. */
export function slideNameOf(fileName: string): string {
  const base = fileName
    .trim()
    .replace(/\.[A-Za-z0-9]+$/, "")
    .trim();
  return [...(base || "Slides")].slice(0, SLIDE_NAME_MAX_CHARS).join("");
}

/** Spec 3 §5 rename (slides, and videos alike): non-empty once trimmed, and not longer than the list can show. */
export function itemNameRefusal(name: string): "name_required" | "name_too_long" | null {
  const trimmed = name.trim();
  if (trimmed.length === 0) return "name_required";
  return [...trimmed].length > SLIDE_NAME_MAX_CHARS ? "name_too_long" : null;
}

/** The page the presenter asked for, kept within the deck (pages count from 1). */
export function slidePosition(wanted: number, pageCount: number): number {
  if (pageCount < 1 || !Number.isFinite(wanted)) return 1;
  return Math.min(Math.max(1, Math.round(wanted)), pageCount);
}

/** Spec 3 §7 reorder: the new order as `{id, order}` updates, numbered from 1. */
export function slideOrder(ids: readonly number[]): { id: number; order: number }[] {
  return ids.map((id, i) => ({ id, order: FILE_ORDER_START + i }));
}
