// Issue 26 §1: a clip is cut from the recording's highest rendition. A ladder's recording is a master
// playlist listing each rung's own; a single rendition's is the media playlist itself.

export interface Variant {
  uri: string;
  height: number;
}

/** The master playlist's variants, tallest first; [] for a media playlist. */
export function variantsOf(playlist: string): Variant[] {
  const lines = playlist.split(/\r?\n/).map((line) => line.trim());
  const variants: Variant[] = [];
  lines.forEach((line, i) => {
    if (!line.startsWith("#EXT-X-STREAM-INF:")) return;
    const uri = lines.slice(i + 1).find((next) => next.length > 0 && !next.startsWith("#"));
    const height = Number(/RESOLUTION=\d+x(\d+)/.exec(line)?.[1] ?? 0);
    if (uri) variants.push({ uri, height });
  });
  return variants.sort((a, b) => b.height - a.height);
}
