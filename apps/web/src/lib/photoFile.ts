import { IMAGE_UPLOAD_MAX_BYTES } from "@onstage/domain";

/** The types the server accepts for a profile photo. */
export const PHOTO_TYPES = ["image/png", "image/jpeg"] as const;

/** Checked before uploading, so a wrong file fails at once instead of after sending 10 MB. */
export function isAcceptablePhoto(file: Pick<File, "type" | "size">): boolean {
  return PHOTO_TYPES.some((type) => type === file.type) && file.size <= IMAGE_UPLOAD_MAX_BYTES;
}
