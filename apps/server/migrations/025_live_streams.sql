-- Issue 13 §1 RTMP ingest (spec 2 §7 /api/mux/livestream/*): the session's live stream beside its
-- stream_key and live_stream_id. `idle` until an encoder publishes, `active` while HLS from it is being
-- written, `disabled` after stop (a publisher is refused until create is called again).
ALTER TABLE video_sessions
  ADD COLUMN live_stream_status text NOT NULL DEFAULT 'idle'
    CHECK (live_stream_status IN ('idle', 'active', 'disabled')),
  ADD COLUMN live_stream_show_captions boolean NOT NULL DEFAULT false;
