import { SLIDE_UPLOAD_MAX_BYTES } from "@onstage/domain";

// Issue 25 §1: an uploaded deck is hostile input. Each limit names what it bounds; BigBlueButton's
// defaults (bigbluebutton.properties, docs/MEDIA-NOTES "Clips and slides") are the reference.

/** BigBlueButton's upload limit: a 200-slide deck of photos fits, a disk-filling upload does not. */
export const SLIDE_MAX_BYTES = SLIDE_UPLOAD_MAX_BYTES;
/** BigBlueButton's page limit; pdfinfo counts the pages before any is drawn. */
export const SLIDE_MAX_PAGES = 200;
/**
 * Every page is drawn to fit this box (1920×1080 for a 16:9 slide): the stage's largest picture, and a
 * bound on one page's bitmap (at most 1920×1920×4 bytes) whatever size the page claims to be.
 */
export const SLIDE_RENDER_BOX_PX = 1920;
/** 200 inches, PDF's own implementation limit for a page side: anything larger is not a slide. */
export const SLIDE_PAGE_MAX_POINTS = 14_400;
/** A page 20 times longer than wide draws to a strip a few pixels across: a scroll, not a slide. */
export const SLIDE_PAGE_MAX_ASPECT = 20;

/** BigBlueButton gives a tool call 60 s; LibreOffice turns a 20-slide deck into a PDF in ~1 s here. */
export const SLIDE_OFFICE_TIMEOUT_MS = 60_000;
/** pdfinfo reads the page tree only, in milliseconds even for 500 pages. */
export const SLIDE_PROBE_TIMEOUT_MS = 10_000;
/** One complex page at 300 ppi once took 7.4 s; a text slide in the 1920 px box takes ~0.06 s here. */
export const SLIDE_PAGE_TIMEOUT_MS = 15_000;
/** BigBlueButton's 5 minutes for a whole deck, conversion and every page together. */
export const SLIDE_DECK_TIMEOUT_MS = 5 * 60_000;

/**
 * An OOXML file (docx, pptx) is a zip. Apache POI's guard is the model: its entries may unpack to at
 * most 300 MB together (ten times the upload limit: XML packs about 10:1, pictures not at all) ...
 */
export const SLIDE_ZIP_MAX_UNPACKED_BYTES = 300_000_000;
/** ... no entry past 1 MB unpacks to more than 100 times its packed size (POI refuses past 100:1) ... */
export const SLIDE_ZIP_MAX_RATIO = 100;
export const SLIDE_ZIP_RATIO_FROM_BYTES = 1_000_000;
/** ... and a real deck has a few hundred entries, not the millions of a many-small-files bomb. */
export const SLIDE_ZIP_MAX_ENTRIES = 5_000;

/** LibreOffice peaks near 250 MB here; an address-space cap turns a memory bomb into a failed run. */
export const SLIDE_CONVERTER_MAX_MEMORY_BYTES = 2 * 1024 ** 3;

/**
 * Two conversions at a time on the 2-core machines the project targets: LibreOffice and pdftoppm use
 * one core each, and the server keeps answering meanwhile. More wait in line, up to a point.
 */
export const SLIDE_CONVERSIONS_AT_ONCE = 2;
export const SLIDE_CONVERSIONS_WAITING = 20;

export interface SlideLimits {
  maxBytes: number;
  maxPages: number;
  renderBoxPx: number;
  pageMaxPoints: number;
  pageMaxAspect: number;
  officeTimeoutMs: number;
  probeTimeoutMs: number;
  pageTimeoutMs: number;
  deckTimeoutMs: number;
  zipMaxUnpackedBytes: number;
  zipMaxRatio: number;
  zipRatioFromBytes: number;
  zipMaxEntries: number;
  memoryBytes: number;
}

export const SLIDE_LIMITS: SlideLimits = {
  maxBytes: SLIDE_MAX_BYTES,
  maxPages: SLIDE_MAX_PAGES,
  renderBoxPx: SLIDE_RENDER_BOX_PX,
  pageMaxPoints: SLIDE_PAGE_MAX_POINTS,
  pageMaxAspect: SLIDE_PAGE_MAX_ASPECT,
  officeTimeoutMs: SLIDE_OFFICE_TIMEOUT_MS,
  probeTimeoutMs: SLIDE_PROBE_TIMEOUT_MS,
  pageTimeoutMs: SLIDE_PAGE_TIMEOUT_MS,
  deckTimeoutMs: SLIDE_DECK_TIMEOUT_MS,
  zipMaxUnpackedBytes: SLIDE_ZIP_MAX_UNPACKED_BYTES,
  zipMaxRatio: SLIDE_ZIP_MAX_RATIO,
  zipRatioFromBytes: SLIDE_ZIP_RATIO_FROM_BYTES,
  zipMaxEntries: SLIDE_ZIP_MAX_ENTRIES,
  memoryBytes: SLIDE_CONVERTER_MAX_MEMORY_BYTES,
};
