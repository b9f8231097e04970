-- Issue 23 §2.2 (docs/decisions.md "Issue 23"): one fixed-window counter per user, session and audience
-- action, shared by every node. A write counts its window's hits in one upsert; a window started later
-- (another node's clock a little ahead) wins over an earlier one, so skew never resets a count.
CREATE TABLE audience_rate_windows (
  user_id           bigint NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  video_session_id  bigint NOT NULL REFERENCES video_sessions (id) ON DELETE CASCADE,
  action            text NOT NULL,
  window_start      timestamptz NOT NULL,
  hits              integer NOT NULL CHECK (hits > 0),
  PRIMARY KEY (user_id, video_session_id, action)
);
CREATE INDEX audience_rate_windows_session_idx ON audience_rate_windows (video_session_id);
