import { z } from "zod";
import { StreamActiveState } from "../vocabulary";
import { Id } from "../wire";

// Streams and playback (spec 2 §3, §4, §7): a session's broadcast and the URLs its viewers play.

/**
 * A row of video_session_streams as the room sees it. The playback URLs are unsigned paths; a viewer
 * gets signed ones from GET /api/video-session/playback.
 */
export const SessionStream = z.object({
  id: z.number().int(),
  sessionId: z.number().int(),
  activeState: StreamActiveState,
  isRecording: z.boolean(),
  livePlaybackUrl: z.string().nullable(),
  vodPlaybackUrl: z.string().nullable(),
  broadcastStartedAt: z.iso.datetime().nullable(),
  broadcastEndedAt: z.iso.datetime().nullable(),
  deletedAt: z.iso.datetime().nullable(),
  /**
   * Spec 2 §4: how long the go-live countdown had run when the server made this copy (its response or
   * its publish), null outside `countdown`. A duration, not a time, so a page opened mid-countdown
   * resumes it whatever its own clock says.
   */
  countdownElapsedMs: z.number().nonnegative().nullable(),
});
export type SessionStream = z.infer<typeof SessionStream>;

/**
 * Who composes the program feed (COMPOSITOR): a host's studio tab, or the server's own headless
 * browser on the recorder view; with `server` host tabs never send it.
 */
export const CompositorMode = z.enum(["browser", "server"]);
export type CompositorMode = z.infer<typeof CompositorMode>;

export const PlaybackQuery = z.object({ video_session_id: z.coerce.number().pipe(Id) }).strict();

/**
 * GET /api/video-session/playback: the current (or last recorded) stream and signed, short-lived URLs
 * for a viewer the event admits. The token sits in the path, so a CDN can cache every viewer's copy.
 */
export const PlaybackResponse = z.object({
  stream: SessionStream.nullable(),
  /** The live HLS playlist while the stream is on air, else null. */
  liveUrl: z.string().nullable(),
  /** The recording's VOD playlist once anything was recorded, else null. */
  vodUrl: z.string().nullable(),
  /** Spec 2 §4: played when the HEAD health check of `liveUrl` fails (another node or origin). */
  fallbackUrl: z.string().nullable(),
  /** When the token in these URLs stops being accepted: fetch again before then. */
  expiresAt: z.iso.datetime(),
  compositor: CompositorMode,
});
export type PlaybackResponse = z.infer<typeof PlaybackResponse>;

/** The body of POST RECORDER_SIGN_IN_PATH (constants.ts). */
export const RecorderSignInRequest = z.object({ token: z.string().min(1).max(4096) }).strict();
export type RecorderSignInRequest = z.infer<typeof RecorderSignInRequest>;

/** The compositor's WebSocket (the program feed's upload): path and the server's text messages. */
export const COMPOSITOR_SOCKET_PATH = "/api/compositor";
/**
 * The compositor's MediaRecorder hands over a chunk this often: the server dates a feed's first frame
 * this long before its first chunk arrived (the program date the in-step modules compare with).
 */
export const COMPOSITOR_TIMESLICE_MS = 250;
export const CompositorStatus = z.object({
  /** `live` once ffmpeg wrote the first playlist; `ended` when the session left broadcasting. */
  status: z.enum(["accepted", "live", "replaced", "ended", "error"]),
  message: z.string().optional(),
});
export type CompositorStatus = z.infer<typeof CompositorStatus>;
