// ffmpeg's output for the LL-HLS packager (measured with ffmpeg 5.1): fragmented MP4 on stdout, one
// moof+mdat for all tracks at every keyframe and every 1/3 s between, each written to the pipe as soon as
// it is complete. default_base_moof makes each fragment's data offsets relative to its own moof, so a
// fragment is servable alone as a part.

/** ffmpeg's -frag_duration, µs: ten frames at 30 fps, so three parts a one-second GOP. */
const FRAGMENT_US = 333_333;

export const FMP4_PIPE_OUTPUT = [
  ...["-f", "mp4", "-movflags", "+empty_moov+default_base_moof+frag_keyframe"],
  ...["-frag_duration", String(FRAGMENT_US), "pipe:1"],
];
