// ffmpeg's output for the LL-HLS packager (measured with ffmpeg 5.1): fragmented MP4 on a pipe, one
// moof+mdat for all tracks at every keyframe and every 1/3 s between, each written to the pipe as soon as
// it is complete. default_base_moof makes each fragment's data offsets relative to its own moof, so a
// fragment is servable alone as a part. It is one slave of a tee muxer (the other writes the HLS the
// recording is made of): one encode for both. If the packager stops reading, the slave fails alone.

/** ffmpeg's -frag_duration, µs: ten frames at 30 fps, so three parts a one-second GOP. */
const FRAGMENT_US = 333_333;

/** The tee's slave writing to file descriptor `fd` (FfmpegRun's outputDescriptor). */
export const fmp4TeeSlave = (fd: number) =>
  `[f=mp4:movflags=+empty_moov+default_base_moof+frag_keyframe:frag_duration=${FRAGMENT_US}:onfail=ignore]pipe\\:${fd}`;

/**
 * Before `-f tee`: the tee needs every stream mapped, and the MP4 slave needs the encoders' parameter
 * sets out of band (the MPEG-TS slave puts them back in band).
 */
export const TEE_ENCODING = ["-flags", "+global_header"];
