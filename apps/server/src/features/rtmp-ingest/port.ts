// The ingest behind the /api/mux/livestream/* calls: the embedded RTMP listener (ingest.ts) by default;
// LiveKit Ingress can take its place when LIVEKIT_URL is set. The calls keep the key, id and status in
// the database; the ingest only hears that a session's row changed.

export interface IngestPort {
  /** What hosts paste into their encoder, without the key: rtmp://host:port/live. */
  readonly serverUrl: string;
  /** Captions are on (CAPTIONS=captioner-api): the setup shows the captions toggle. */
  readonly captionsAvailable: boolean;
  /** The session's key, status or state changed: its encoder is let in, moved or put out accordingly. */
  sessionChanged(sessionId: number): void;
  start(): void;
  stop(): Promise<void>;
}

/** What an encoder is given: its key, and LiveKit's URL (null: the embedded listener's serverUrl). */
export interface RtmpInputKey {
  streamKey: string;
  serverUrl: string | null;
}

/** Where the keys come from: made here for the embedded listener, or LiveKit Ingress's inputs. */
export interface RtmpInputs {
  /** The session's input; `held` is the key stored now (the embedded listener keeps it). */
  open(sessionId: number, held: string | null): Promise<RtmpInputKey>;
  /** A new key; the old one is refused from now on. */
  reset(sessionId: number): Promise<RtmpInputKey>;
  /** Encoders are refused until open again. */
  close(sessionId: number): Promise<void>;
  /** The streamer view can play what the encoder sends (the embedded ingest's own HLS). */
  readonly previews: boolean;
}
