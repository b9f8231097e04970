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
