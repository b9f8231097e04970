// What the HLS mirror and the media route need to know of a playlist's text, whoever wrote it (the
// program feed's ffmpeg, an RTMP ingest's ladder): which files it names, and how to serve each kind.

/** A URI="…" attribute (EXT-X-MAP, EXT-X-MEDIA, EXT-X-KEY, …). */
const URI_ATTRIBUTE = /URI="([^"]*)"/g;

/** Each URI the playlist references, in order: segment lines and URI attributes. */
export function referencedUris(text: string): string[] {
  const uris: string[] = [];
  for (const raw of text.split("\n")) {
    const line = raw.trim();
    if (!line) continue;
    if (!line.startsWith("#")) uris.push(line);
    else for (const match of line.matchAll(URI_ATTRIBUTE)) if (match[1]) uris.push(match[1]);
  }
  return uris;
}

/** The playlist with every referenced URI passed through `replace` (its answer, or the URI unchanged). */
export async function rewriteUris(
  text: string,
  replace: (uri: string) => Promise<string | null>,
): Promise<string> {
  const lines = await Promise.all(
    text.split("\n").map(async (raw) => {
      const line = raw.trim();
      if (!line) return raw;
      if (!line.startsWith("#")) return (await replace(line)) ?? raw;
      if (!line.includes('URI="')) return raw;
      const uris = [...line.matchAll(URI_ATTRIBUTE)].map((match) => match[1] ?? "");
      const replaced = await Promise.all(uris.map(async (uri) => (await replace(uri)) ?? uri));
      let i = 0;
      return line.replace(URI_ATTRIBUTE, () => `URI="${replaced[i++]}"`);
    }),
  );
  return lines.join("\n");
}

export const isPlaylist = (name: string) => name.endsWith(".m3u8");

/** A name relative to its playlist's folder, not an absolute URL or path. */
export const isRelative = (uri: string) => !uri.includes(":") && !uri.startsWith("/");

const SEGMENT_TYPES: Record<string, string> = {
  ts: "video/mp2t",
  m4s: "video/iso.segment",
  mp4: "video/mp4",
  aac: "audio/aac",
  vtt: "text/vtt",
};

export const PLAYLIST_TYPE = "application/vnd.apple.mpegurl";

export function contentTypeOf(name: string): string {
  if (isPlaylist(name)) return PLAYLIST_TYPE;
  return SEGMENT_TYPES[name.slice(name.lastIndexOf(".") + 1)] ?? "application/octet-stream";
}

/** A segment never changes once listed; a playlist changes every target duration until it ends. */
export const SEGMENT_CACHE_CONTROL = "public, max-age=31536000, immutable";
export const LIVE_PLAYLIST_CACHE_CONTROL = "public, max-age=1";
