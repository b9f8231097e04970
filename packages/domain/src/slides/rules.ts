import { FILE_ORDER_START, SLIDE_FILE_EXTENSIONS } from "../constants";

// Spec 3 §3-§5 file presentations (slides): the upload's type by its name, the name a host gives it, the
// page the presenter moves to, and the list's order from 1.

export type SlideFileType = (typeof SLIDE_FILE_EXTENSIONS)[number];

/** A file presentation's name in the list (trimmed; the spec asks only for non-empty). */
export const SLIDE_NAME_MAX_CHARS = 120;

/** The file's type by its extension, or null ('file type not allowed', spec 3 §5). */
export function slideFileType(fileName: string): SlideFileType | null {
  const extension = /\.([A-Za-z0-9]+)$/.exec(fileName.trim())?.[1]?.toLowerCase() ?? "";
  return (SLIDE_FILE_EXTENSIONS as readonly string[]).includes(extension)
    ? (extension as SlideFileType)
    : null;
}

/** A new presentation's name: the file's, without its extension. */
export function slideNameOf(fileName: string): string {
  const base = fileName
    .trim()
    .replace(/\.[A-Za-z0-9]+$/, "")
    .trim();
  return [...(base || "Slides")].slice(0, SLIDE_NAME_MAX_CHARS).join("");
}

/** Spec 3 §5 rename: non-empty once trimmed, and not longer than the list can show. */
export function slideNameRefusal(name: string): "slide_name_required" | "slide_name_too_long" | null {
  const trimmed = name.trim();
  if (trimmed.length === 0) return "slide_name_required";
  return [...trimmed].length > SLIDE_NAME_MAX_CHARS ? "slide_name_too_long" : null;
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
