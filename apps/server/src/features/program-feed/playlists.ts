// The live playlist ffmpeg writes, read back; and the recording's playlist, written here. ffmpeg writes
// each segment once; the recording lists the segments that were made while recording was on, so a
// pause leaves a gap (a discontinuity) instead of costing a second muxer.

export interface Segment {
  uri: string;
  /** The #EXTINF and #EXT-X-PROGRAM-DATE-TIME lines, as ffmpeg wrote them. */
  tags: string[];
  duration: number;
  /** A discontinuity precedes it (a new ffmpeg run, or a recording pause). */
  discontinuity: boolean;
}

/** The segments of an HLS media playlist, in order (tags other than the segment's own are dropped). */
export function parsePlaylist(text: string): Segment[] {
  const segments: Segment[] = [];
  let tags: string[] = [];
  let discontinuity = false;
  let duration = 0;
  for (const raw of text.split("\n")) {
    const line = raw.trim();
    if (line === "#EXT-X-DISCONTINUITY") discontinuity = true;
    else if (line.startsWith("#EXTINF:")) {
      duration = Number.parseFloat(line.slice("#EXTINF:".length)) || 0;
      tags.push(line);
    } else if (line.startsWith("#EXT-X-PROGRAM-DATE-TIME:")) tags.push(line);
    else if (line && !line.startsWith("#")) {
      segments.push({ uri: line, tags, duration, discontinuity });
      tags = [];
      discontinuity = false;
      duration = 0;
    }
  }
  return segments;
}

/** An event playlist of the whole recording; `ended` closes it for good (a VOD). */
export function recordingPlaylist(segments: readonly Segment[], ended: boolean): string {
  const target = Math.max(1, ...segments.map((s) => Math.ceil(s.duration)));
  const lines = [
    "#EXTM3U",
    "#EXT-X-VERSION:3",
    `#EXT-X-TARGETDURATION:${target}`,
    "#EXT-X-MEDIA-SEQUENCE:0",
    "#EXT-X-PLAYLIST-TYPE:EVENT",
  ];
  segments.forEach((segment, i) => {
    if (segment.discontinuity && i > 0) lines.push("#EXT-X-DISCONTINUITY");
    lines.push(...segment.tags, segment.uri);
  });
  if (ended) lines.push("#EXT-X-ENDLIST");
  return `${lines.join("\n")}\n`;
}
