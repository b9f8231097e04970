import { renditionOutputs, slateInput, X264 } from "../../media/ffmpeg-args";
import { outputDescriptor } from "../../platform/ffmpeg/run";
import { AUDIO_KBPS, type Rung } from "./ladder";

// The ffmpeg command lines of an RTMP stream: the encoder's FLV on stdin (or the "Reconnecting…" slate)
// to HLS, either copied (rtmp-native) or as a ladder of renditions in one run (rtmp), each rendition a
// directory with the same files as the browser feed's stream (live.m3u8, live%d.ts).

/** What a run writes: the source copied into the stream's folder, or these rungs into {rung.name}/ there. */
export type Renditions = { kind: "copy" } | { kind: "ladder"; rungs: readonly Rung[] };

/**
 * The encoder's FLV: headers first (ingest-source.ts replays them), so a short probe finds both
 * streams; without the probe limits the first playlist waits several seconds more.
 */
const SOURCE_INPUT = [
  ...["-hide_banner", "-loglevel", "error", "-nostats"],
  ...["-probesize", "500000", "-analyzeduration", "500000", "-f", "flv", "-i", "pipe:0"],
];

/**
 * What a run writes, in the stream's folder (its working directory): with `lowLatency`, each rendition's
 * fMP4 too, the i-th on the run's i-th output pipe (the copy's, or the ladder's rungs in order).
 */
export interface RunOutputs {
  renditions: Renditions;
  lowLatency: boolean;
  discontinuity: boolean;
}

export function sourceArgs(outputs: RunOutputs): string[] {
  if (outputs.renditions.kind === "copy") {
    return [
      ...SOURCE_INPUT,
      ...["-map", "0:v:0", "-map", "0:a:0?", "-c:v", "copy"],
      ...renditionOutputs("", outputs.discontinuity, fmp4Output(outputs, 0)),
    ];
  }
  return [...SOURCE_INPUT, ...ladderOutputs(outputs.renditions.rungs, "0:a:0?", outputs)];
}

/** The slate, as large as the top rung so the ladder's variants look like the source's. */
export function slateRunArgs(outputs: RunOutputs, colour: string | null): string[] {
  const { renditions } = outputs;
  if (renditions.kind === "copy") {
    return [
      ...slateInput(colour, "1280x720"),
      ...["-map", "0:v", "-map", "1:a"],
      ...X264,
      ...renditionOutputs("", true, fmp4Output(outputs, 0)),
    ];
  }
  const top = renditions.rungs[0]?.height ?? 720;
  const size = `${Math.round((top * 16) / 9 / 2) * 2}x${top}`;
  return [
    ...slateInput(colour, size),
    ...ladderOutputs(renditions.rungs, "1:a:0", { ...outputs, discontinuity: true }),
  ];
}

const fmp4Output = (outputs: RunOutputs, index: number) =>
  outputs.lowLatency ? outputDescriptor(index) : null;

/**
 * One decode, one scaler per rung, one x264 per rung. Keyframes every second whatever the source's
 * rate (1 s segments, MEDIA-NOTES); `min(H,ih)` never upscales a source below its rung.
 */
function ladderOutputs(rungs: readonly Rung[], audio: string, outputs: RunOutputs): string[] {
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
      ...renditionOutputs(rung.name, outputs.discontinuity, fmp4Output(outputs, i)),
    ]),
  ];
}
