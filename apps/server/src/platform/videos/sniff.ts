import type { VIDEO_FILE_EXTENSIONS } from "@onstage/domain";

// Issue 25 §2: the content must be what the name says, checked on the first bytes before any tool
// reads the file; ffprobe and ffmpeg are then held to that container's demuxer (-f), so a playlist, an
// image or any other format ffmpeg would recognise (HLS, ffconcat, image sequences) is never opened.

/** The upload's type by its name (the domain's VIDEO_FILE_EXTENSIONS). */
export type VideoFileType = (typeof VIDEO_FILE_EXTENSIONS)[number];

/** ffmpeg's demuxer for the file: mov reads MP4 and QuickTime alike, matroska reads WebM. */
export type VideoDemuxer = "mov" | "matroska";

const EBML = Buffer.from([0x1a, 0x45, 0xdf, 0xa3]);
/** The top-level boxes an ISO/QuickTime file may begin with (ISO/IEC 14496-12; old QuickTime files). */
const FIRST_BOXES = new Set(["ftyp", "moov", "mdat", "free", "skip", "wide"]);
/** HEIF and AVIF still images (and their image sequences) are ISO files too, but no videos. */
const IMAGE_BRANDS = new Set(["avif", "avis", "heic", "heix", "hevc", "hevx", "mif1", "msf1"]);

/** How many bytes `videoDemuxer` looks at. */
export const SNIFF_BYTES = 12;

function isIsoVideo(head: Buffer): boolean {
  const box = head.toString("latin1", 4, 8);
  if (!FIRST_BOXES.has(box)) return false;
  return box !== "ftyp" || !IMAGE_BRANDS.has(head.toString("latin1", 8, 12));
}

/** The demuxer for a file of `type` starting with `head`; null when the content is not of that type. */
export function videoDemuxer(type: VideoFileType, head: Buffer): VideoDemuxer | null {
  if (head.length < SNIFF_BYTES) return null;
  if (type === "webm") return head.subarray(0, EBML.length).equals(EBML) ? "matroska" : null;
  return isIsoVideo(head) ? "mov" : null;
}
