import { randomBytes } from "node:crypto";
import {
  Conflict,
  Forbidden,
  isRtmpBroadcast,
  type LiveStream,
  mayManageLiveStream,
  NotFound,
  type StreamLiveStreamResponse,
} from "@onstage/domain";
import { requireTopicReader } from "../../kernel/access/topic-access";
import { findLiveStream } from "../../kernel/broadcast/streams";
import { MASTER_PLAYLIST } from "../../media/ffmpeg-args";
import { previewUrl, signedUrl, unsignedUrl } from "../../media/hls-paths";
import { mediaToken, previewSecret } from "../../media/playback-tokens";
import type { FeatureDeps } from "../deps";
import type { IngestPort, RtmpInputs } from "./port";
import {
  findByLiveStreamId,
  findBySession,
  type LiveStreamRow,
  openLiveStream,
  setLiveStreamStatus,
  setShowCaptions,
  setStreamKey,
} from "./queries";

// Spec 2 §7 /api/mux/livestream/*: the session's live stream, its secret key and its streamer view.
// Every call is the channel owner's or admin's (spec 2 §6 RTMP setup); nobody else ever sees a key.

/** 256 random bits: a key cannot be guessed, and an encoder's URL carries it whole. */
export const newStreamKey = () => randomBytes(32).toString("base64url");
/**
 * What newStreamKey makes, and the 32 hex characters earlier demo data holds; anything else an encoder
 * sends (a NUL byte, 16 KB) is refused unread.
 */
export const isStreamKeyShaped = (key: string) => /^[\w-]{32,43}$/.test(key);
const newLiveStreamId = () => `ls_${randomBytes(12).toString("hex")}`;

/** The embedded listener's keys: made here, checked by the listener against the row. */
export const embeddedInputs: RtmpInputs = {
  open: async (_sessionId, held) => ({ streamKey: held ?? newStreamKey(), serverUrl: null }),
  reset: async () => ({ streamKey: newStreamKey(), serverUrl: null }),
  close: async () => undefined,
  previews: true,
};

export function liveStreamService(
  deps: FeatureDeps,
  ingest: IngestPort,
  inputs: RtmpInputs,
  mediaSecret: string,
) {
  const { db } = deps;

  /** The session's row, for a viewer who may manage its stream (401/403/404 otherwise, as the kernel says). */
  async function managed(viewerUserId: number, sessionId: number): Promise<LiveStreamRow> {
    const access = await requireTopicReader(db, viewerUserId, { kind: "session", id: sessionId });
    if (!mayManageLiveStream(access.flags)) throw Forbidden();
    const row = await findBySession(db, sessionId);
    if (!row) throw NotFound("session_not_found");
    return row;
  }

  async function byLiveStreamId(viewerUserId: number, liveStreamId: string): Promise<LiveStreamRow> {
    const row = await findByLiveStreamId(db, liveStreamId);
    if (!row) throw NotFound("live_stream_not_found");
    return managed(viewerUserId, row.sessionId);
  }

  function answer(row: LiveStreamRow | null): LiveStream {
    if (!row?.liveStreamId || !row.streamKey) throw NotFound("live_stream_not_found");
    return {
      id: row.liveStreamId,
      status: row.status,
      stream_key: row.streamKey,
      server_url: row.serverUrl ?? ingest.serverUrl,
      playback_ids: [{ id: row.liveStreamId, policy: "signed" }],
      show_captions: row.showCaptions,
      captions_available: ingest.captionsAvailable,
    };
  }

  /** The call changed the row: the ingest (on this node now, on another within its reconcile) follows. */
  function changed(row: LiveStreamRow | null): LiveStream {
    if (row) ingest.sessionChanged(row.sessionId);
    return answer(row);
  }

  /** The streamer view's playlist: the greenroom preview, or the live stream's own files once live. */
  async function preview(row: LiveStreamRow): Promise<StreamLiveStreamResponse> {
    const now = deps.clock();
    const { token: previewToken } = mediaToken(
      previewSecret(mediaSecret),
      { sessionId: row.sessionId, streamId: null },
      now,
    );
    const none = { playbackToken: previewToken, envKey: null, previewUrl: null };
    // With LiveKit Ingress the encoder is a participant of the room: the host watches it there.
    if (row.status !== "active" || !inputs.previews) return none;
    const playlist = MASTER_PLAYLIST;
    if (row.state === "greenroom") {
      return { ...none, previewUrl: signedUrl(previewUrl(row.sessionId, playlist), previewToken) };
    }
    const stream = row.state === "broadcasting" ? await findLiveStream(db, row.sessionId) : null;
    if (!stream) return none;
    const { token } = mediaToken(mediaSecret, { sessionId: row.sessionId, streamId: stream.id }, now);
    return {
      playbackToken: token,
      envKey: null,
      previewUrl: signedUrl(unsignedUrl(row.sessionId, stream.id, playlist), token),
    };
  }

  return {
    /** POST create: made on the first call (key, id), the same after; a stopped stream takes encoders again. */
    async create(viewerUserId: number, sessionId: number): Promise<LiveStream> {
      const row = await managed(viewerUserId, sessionId);
      if (!isRtmpBroadcast(row.broadcastType)) throw Conflict("not_an_rtmp_session");
      const input = await inputs.open(sessionId, row.streamKey);
      return changed(await openLiveStream(db, sessionId, input, newLiveStreamId()));
    },

    async get(viewerUserId: number, sessionId: number): Promise<LiveStream> {
      return answer(await managed(viewerUserId, sessionId));
    },

    /** A new key; an encoder on the old one is put out and the old key refused from now on. */
    async resetStreamKey(viewerUserId: number, liveStreamId: string): Promise<LiveStream> {
      const row = await byLiveStreamId(viewerUserId, liveStreamId);
      return changed(await setStreamKey(db, row.sessionId, await inputs.reset(row.sessionId)));
    },

    async stream(viewerUserId: number, liveStreamId: string, streamKey: string) {
      const row = await byLiveStreamId(viewerUserId, liveStreamId);
      // The page holds a key the host has since reset (in another tab): it must show the new one.
      if (row.streamKey !== streamKey) throw Conflict("stream_key_changed");
      return preview(row);
    },

    /** The encoder is put out and its HLS ends; encoders are refused until create is called again. */
    async stop(viewerUserId: number, liveStreamId: string): Promise<LiveStream> {
      const row = await byLiveStreamId(viewerUserId, liveStreamId);
      await inputs.close(row.sessionId);
      return changed(await setLiveStreamStatus(db, row.sessionId, "disabled"));
    },

    /**
     * The flag is kept; captions_available tells whether any caption source would show them. The ingest
     * holding the stream adds or removes the subtitle rendition in its master playlists.
     */
    async toggleCaptions(viewerUserId: number, liveStreamId: string, showCaptions: boolean) {
      const row = await byLiveStreamId(viewerUserId, liveStreamId);
      return changed(await setShowCaptions(db, row.sessionId, showCaptions));
    },
  };
}

export type LiveStreamService = ReturnType<typeof liveStreamService>;
