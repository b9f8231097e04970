-- Issue 11 §3, COMPOSITOR=server: the credential of the server's own headless recorder. It speaks for
-- the user who went live, only for that session's stream, and only while the stream is on air; the
-- server deletes it when the recorder stops. Only its hash is stored.
CREATE TABLE recorder_credentials (
  id_hash          text PRIMARY KEY,
  user_id          bigint NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  video_session_id bigint NOT NULL REFERENCES video_sessions (id) ON DELETE CASCADE,
  stream_id        bigint NOT NULL REFERENCES video_session_streams (id) ON DELETE CASCADE,
  expires_at       timestamptz NOT NULL
);
CREATE INDEX recorder_credentials_session_idx ON recorder_credentials (video_session_id);
