import { COMPOSITOR_SOCKET_PATH, COMPOSITOR_TIMESLICE_MS, CompositorStatus } from "@onstage/domain";

/** H.264 is stream-copied by the server's ffmpeg (MEDIA-NOTES: ~0.03 core against ~0.2 for x264). */
const MIME_TYPES = ["video/webm;codecs=h264,opus", "video/webm;codecs=vp8,opus"] as const;
const VIDEO_BITS_PER_SECOND = 2_500_000;
const AUDIO_BITS_PER_SECOND = 128_000;
/** A keyframe a second: the server cuts 1 s HLS segments only at keyframes. */
const KEYFRAME_INTERVAL_MS = 1_000;
/** Spec 2 §9's client retry schedule; the last step repeats while the host stays live. */
const RECONNECT_DELAYS_MS = [1_000, 2_000, 4_000, 8_000, 15_000];

export type FeedPhase = "connecting" | "sending" | "live" | "reconnecting" | "replaced" | "ended";

export interface FeedStatus {
  phase: FeedPhase;
  /** The server's or the browser's words for the last problem, if any. */
  error: string | null;
}

export function pickRecorderMimeType(isTypeSupported: (type: string) => boolean): string {
  return MIME_TYPES.find((type) => isTypeSupported(type)) ?? "video/webm";
}

export function compositorSocketUrl(location: { protocol: string; host: string }, sessionId: number): string {
  const scheme = location.protocol === "https:" ? "wss" : "ws";
  return `${scheme}://${location.host}${COMPOSITOR_SOCKET_PATH}?video_session_id=${sessionId}`;
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return null;
  }
}

export function reconnectDelayMs(failures: number): number {
  return RECONNECT_DELAYS_MS[Math.min(failures, RECONNECT_DELAYS_MS.length - 1)] ?? 15_000;
}

/**
 * Records `stream` and sends it to the compositor socket: the first text message names the recording's
 * type, then a binary chunk every 250 ms. Each connection gets a fresh recorder (the server's ffmpeg
 * needs the WebM header); a dropped socket reconnects with back-off while the server shows its slate.
 * Stops for good when another tab takes over ('replaced') or the session ends.
 */
export function sendProgramFeed(input: {
  stream: MediaStream;
  sessionId: number;
  onStatus: (status: FeedStatus) => void;
}): () => void {
  const mimeType = pickRecorderMimeType((type) => MediaRecorder.isTypeSupported(type));
  let socket: WebSocket | null = null;
  let recorder: MediaRecorder | null = null;
  let retryTimer: number | undefined;
  let failures = 0;
  let isFinished = false;
  let lastError: string | null = null;

  const report = (phase: FeedPhase) => input.onStatus({ phase, error: lastError });
  const stopRecorder = () => {
    if (recorder && recorder.state !== "inactive") recorder.stop();
    recorder = null;
  };
  const finish = (phase: FeedPhase) => {
    isFinished = true;
    window.clearTimeout(retryTimer);
    stopRecorder();
    socket?.close();
    report(phase);
  };

  const connect = () => {
    report(failures === 0 ? "connecting" : "reconnecting");
    const ws = new WebSocket(compositorSocketUrl(window.location, input.sessionId));
    socket = ws;
    ws.onopen = () => {
      ws.send(JSON.stringify({ mimeType }));
      const next = new MediaRecorder(input.stream, {
        mimeType,
        videoBitsPerSecond: VIDEO_BITS_PER_SECOND,
        audioBitsPerSecond: AUDIO_BITS_PER_SECOND,
        videoKeyFrameIntervalDuration: KEYFRAME_INTERVAL_MS,
      } as MediaRecorderOptions);
      next.ondataavailable = (event) => {
        if (event.data.size > 0 && ws.readyState === WebSocket.OPEN) ws.send(event.data);
      };
      next.start(COMPOSITOR_TIMESLICE_MS);
      recorder = next;
      report("sending");
    };
    ws.onmessage = (event) => {
      if (typeof event.data !== "string") return;
      const parsed = CompositorStatus.safeParse(parseJson(event.data));
      if (!parsed.success) return;
      const { status, message } = parsed.data;
      if (status === "live") {
        failures = 0;
        lastError = null;
        report("live");
      } else if (status === "replaced" || status === "ended") {
        finish(status);
      } else if (status === "error") {
        lastError = message ?? "The server could not take the program feed.";
        report("reconnecting");
      }
    };
    ws.onclose = (event) => {
      stopRecorder();
      if (isFinished || socket !== ws) return;
      if (event.reason) lastError = event.reason;
      else lastError ??= "The connection to the server dropped.";
      retryTimer = window.setTimeout(connect, reconnectDelayMs(failures));
      failures += 1;
      report("reconnecting");
    };
  };

  connect();
  return () => {
    isFinished = true;
    window.clearTimeout(retryTimer);
    stopRecorder();
    socket?.close();
  };
}
