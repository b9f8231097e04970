// Issue 26 §1: the create-clip dialog learns the recording's length from its playlist, not from a
// player: a host's tab composes the program, and a second decoder in it starves the feed.

/** A master playlist's tallest variant's address (as written), or null for a media playlist. */
export function tallestVariant(playlist: string): string | null {
  const lines = playlist.split(/\r?\n/).map((line) => line.trim());
  let tallest: { uri: string; height: number } | null = null;
  lines.forEach((line, i) => {
    if (!line.startsWith("#EXT-X-STREAM-INF:")) return;
    const uri = lines.slice(i + 1).find((next) => next.length > 0 && !next.startsWith("#"));
    const height = Number(/RESOLUTION=\d+x(\d+)/.exec(line)?.[1] ?? 0);
    if (uri && (tallest === null || height > tallest.height)) tallest = { uri, height };
  });
  return (tallest as { uri: string } | null)?.uri ?? null;
}

/** A media playlist's length in seconds: the sum of its segments' durations. */
export function playlistSeconds(playlist: string): number {
  let seconds = 0;
  for (const line of playlist.split(/\r?\n/)) {
    if (line.startsWith("#EXTINF:")) seconds += Number.parseFloat(line.slice("#EXTINF:".length)) || 0;
  }
  return seconds;
}
