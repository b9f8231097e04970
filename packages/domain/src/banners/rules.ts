import { MAX_TILE_BANNER_THRESHOLD_TILES, MIN_CHROMIUM_MAJOR_VERSION } from "../constants";
import type { ViewerFlags } from "../roles/rules";

// Spec 1 §2 banners of the live room: 'Unsupported Browser Version' and the max-tile warning.

/** Chromium's own version token; Chrome on iOS (CriOS) is WebKit underneath, so it does not count. */
const CHROMIUM_VERSION = /(?:HeadlessChrome|Chromium|Chrome)\/(\d+)\./;

/**
 * Spec 1 §2 'Chromium browsers preferred': a Chromium browser (Chrome, Edge, Opera, Brave, Samsung
 * Internet...) of at least MIN_CHROMIUM_MAJOR_VERSION is supported; everything else sees the banner.
 */
export function isSupportedBrowser(userAgent: string): boolean {
  if (/\bCriOS\//.test(userAgent)) return false;
  const major = CHROMIUM_VERSION.exec(userAgent)?.[1];
  return major !== undefined && Number(major) >= MIN_CHROMIUM_MAJOR_VERSION;
}

/** Spec 1 §2, §6: owners, admins and channel members are warned once the stage shows this many tiles. */
export function showsMaxTileBanner(flags: ViewerFlags, tileCount: number): boolean {
  return (flags.isOwnerOrAdmin || flags.isOrgMember) && tileCount >= MAX_TILE_BANNER_THRESHOLD_TILES;
}
