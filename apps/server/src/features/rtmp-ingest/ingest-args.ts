import path from "node:path";
import { hlsOutput, slateInput, X264 } from "../../media/ffmpeg-args";
import { AUDIO_KBPS, type Rung } from "./ladder";

// The ffmpeg command lines of an RTMP stream: the encoder's FLV on stdin (or the "Reconnecting…" slate)
// to HLS, either copied (rtmp-native) or as a ladder of renditions in one run (rtmp), each rendition a
// directory with the same files as the browser feed's stream (live.m3u8, live%d.ts).

/** What a run writes: the source copied into `dir`, or these rungs into `dir`/{rung.name}. */
export type Renditions = { kind: "copy" } | { kind: "ladder"; rungs: readonly Rung[] };

/**
 * The encoder's FLV: headers first (ingest-source.ts replays them), so a short probe finds both
 * streams; without the probe limits the first playlist waits several seconds more.
 */
const SOURCE_INPUT = [
  ...["-hide_banner", "-loglevel", "error", "-nostats"],
  ...["-probesize", "500000", "-analyzeduration", "500000", "-f", "flv", "-i", "pipe:0"],
];

export function sourceArgs(dir: string, renditions: Renditions, discontinuity: boolean): string[] {
  if (renditions.kind === "copy") {
    return [
      ...SOURCE_INPUT,
      ...["-map", "0:v:0", "-map", "0:a:0?", "-c:v", "copy"],
      ...hlsOutput(dir, discontinuity),
    ];
  }
  return [...SOURCE_INPUT, ...ladderOutputs(dir, renditions.rungs, "0:a:0?", discontinuity)];
}

/** The slate, as large as the top rung so the ladder's variants look like the source's. */
export function slateRunArgs(dir: string, renditions: Renditions, colour: string | null): string[] {
  if (renditions.kind === "copy")
    return [...slateInput(colour, "1280x720"), ...X264, ...hlsOutput(dir, true)];
  const top = renditions.rungs[0]?.height ?? 720;
  const size = `${Math.round((top * 16) / 9 / 2) * 2}x${top}`;
  return [...slateInput(colour, size), ...ladderOutputs(dir, renditions.rungs, "1:a:0", true)];
}

/**
 * One decode, one scaler per rung, one x264 per rung. Keyframes every second whatever the source's
 * rate (1 s segments, MEDIA-NOTES); `min(H,ih)` never upscales a source below its rung.
 */
function ladderOutputs(dir: string, rungs: readonly Rung[], audio: string, discontinuity: boolean): string[] {
  const split = `[0:v]split=${rungs.length}${rungs.map((_, i) => `[s${i}]`).join("")}`;
  const scales = rungs.map((rung, i) => `[s${i}]scale=-2:'min(${rung.height},ih)'[v${i}]`);
  return [
    ...["-filter_complex", [split, ...scales].join(";")],
    ...rungs.flatMap((rung, i) => [
      ...["-map", `[v${i}]`, "-map", audio],
      ...["-c:v", "libx264", "-preset", "veryfast", "-tune", "zerolatency", "-pix_fmt", "yuv420p"],
      ...["-force_key_frames", "expr:gte(t,n_forced*1)", "-sc_threshold", "0"],
      ...[
        "-b:v",
        `${rung.videoKbps}k`,
        "-maxrate",
        `${rung.videoKbps}k`,
        "-bufsize",
        `${rung.videoKbps * 2}k`,
      ],
      ...["-b:a", `${AUDIO_KBPS}k`],
      ...hlsOutput(path.join(dir, rung.name), discontinuity),
    ]),
  ];
}
