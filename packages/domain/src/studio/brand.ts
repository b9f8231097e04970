import {
  BRAND_ELEMENT_TITLES,
  DEFAULT_PRIMARY_COLOR,
  IMAGE_FILE_EXTENSIONS,
  IMAGE_UPLOAD_MAX_BYTES,
  IMAGE_UPLOAD_MAX_FILES,
} from "../constants";

// Spec 3 §3, §5: the brand is three elements of the session with fixed titles: 'logo' and 'background'
// (image URLs) and 'primary-color' (a hex string, #EC5F3E by default).

export type BrandElementType = "logo" | "background" | "primary_color";

export const BRAND_ELEMENT_TITLE: Record<BrandElementType, string> = {
  logo: BRAND_ELEMENT_TITLES.logo,
  background: BRAND_ELEMENT_TITLES.background,
  primary_color: BRAND_ELEMENT_TITLES.primaryColor,
};

const HEX_COLOUR = /^#[0-9a-f]{6}$/i;

export function isBrandColor(value: string): boolean {
  return HEX_COLOUR.test(value);
}

export type BrandImageRefusal = "brand_image_type" | "brand_image_too_large" | "brand_image_count";

/** Spec 3 §5: png, jpg or jpeg only, one file, at most 10,000,000 bytes (the name's extension decides). */
export function brandImageRefusal(
  files: readonly { name: string; size: number }[],
): BrandImageRefusal | null {
  const [file] = files;
  if (!file || files.length > IMAGE_UPLOAD_MAX_FILES) return "brand_image_count";
  const extension = file.name.toLowerCase().split(".").pop() ?? "";
  if (!file.name.includes(".") || !(IMAGE_FILE_EXTENSIONS as readonly string[]).includes(extension))
    return "brand_image_type";
  return file.size > IMAGE_UPLOAD_MAX_BYTES ? "brand_image_too_large" : null;
}

/** The brand as the picture uses it: the session's newest element of each kind, or the default. */
export interface Brand {
  color: string;
  logoUrl: string | null;
  backgroundUrl: string | null;
}

export const DEFAULT_BRAND: Brand = { color: DEFAULT_PRIMARY_COLOR, logoUrl: null, backgroundUrl: null };

export function brandOf(elements: readonly { type: string; value: string }[]): Brand {
  const value = (type: BrandElementType) => elements.findLast((e) => e.type === type)?.value || null;
  const color = value("primary_color");
  return {
    color: color && isBrandColor(color) ? color : DEFAULT_PRIMARY_COLOR,
    logoUrl: value("logo"),
    backgroundUrl: value("background"),
  };
}
