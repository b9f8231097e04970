import path from "node:path";
import { SLIDE_FILE_EXTENSIONS } from "@onstage/domain";
import { sniffImageType } from "../images/images";

// Spec 3 §5: the extensions a slide may have. The content must be what the name says: LibreOffice would
// otherwise pick a filter by content (an HTML or flat-XML file named .docx opens as such), so an office
// file is also opened with the filter of its type only (office.ts).

export type OfficeFormat = "docx" | "pptx" | "doc" | "ppt" | "rtf";
export type SlideSource = { kind: "pdf" } | { kind: "image" } | { kind: "office"; format: OfficeFormat };

type SlideExtension = (typeof SLIDE_FILE_EXTENSIONS)[number];

const OLE2 = Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]);
const ZIP = Buffer.from("PK\x03\x04", "latin1");
const startsWith = (head: Buffer, magic: Buffer | string) =>
  head.subarray(0, magic.length).equals(Buffer.isBuffer(magic) ? magic : Buffer.from(magic, "latin1"));

const SOURCES: Record<SlideExtension, (head: Buffer) => SlideSource | null> = {
  // Readers accept a PDF header anywhere in the first kilobyte (after a mail header, say); so does poppler.
  pdf: (head) => (head.subarray(0, 1024).includes("%PDF-") ? { kind: "pdf" } : null),
  png: (head) => (sniffImageType(head) ? { kind: "image" } : null),
  jpg: (head) => (sniffImageType(head) ? { kind: "image" } : null),
  jpeg: (head) => (sniffImageType(head) ? { kind: "image" } : null),
  docx: (head) => (startsWith(head, ZIP) ? { kind: "office", format: "docx" } : null),
  pptx: (head) => (startsWith(head, ZIP) ? { kind: "office", format: "pptx" } : null),
  // Word has long saved RTF under .doc ("Word 6.0/95 RTF"); it converts like any other.
  doc: (head) =>
    startsWith(head, OLE2)
      ? { kind: "office", format: "doc" }
      : startsWith(head, "{\\rtf")
        ? { kind: "office", format: "rtf" }
        : null,
  ppt: (head) => (startsWith(head, OLE2) ? { kind: "office", format: "ppt" } : null),
};

export type { SlideExtension };

export const slideExtension = (fileName: string): SlideExtension | null => {
  const ext = path.extname(fileName).slice(1).toLowerCase();
  return (SLIDE_FILE_EXTENSIONS as readonly string[]).includes(ext) ? (ext as SlideExtension) : null;
};

/** What the file is, by its name's extension and its first bytes agreeing; null when they do not. */
export function identifySlideFile(extension: SlideExtension, head: Buffer): SlideSource | null {
  return SOURCES[extension](head);
}
