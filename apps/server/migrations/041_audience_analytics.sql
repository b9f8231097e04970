-- Issue 28 §1: the player's quality collector keeps one row per view (a play attempt), added to by
-- each beacon. No personal data beyond the signed-in user's id: the viewer and view ids are random.
CREATE TABLE playback_views (
  id                 bigserial PRIMARY KEY,
  view_key           text NOT NULL UNIQUE,
  viewer_key         text NOT NULL,
  view_session_key   text NOT NULL,
  video_session_id   bigint NOT NULL REFERENCES video_sessions (id) ON DELETE CASCADE,
  user_id            bigint REFERENCES users (id) ON DELETE SET NULL,
  delivery           text NOT NULL CHECK (delivery IN ('hls', 'webrtc')),
  -- The server's clock, never the player's: the first and the latest beacon.
  started_at         timestamptz NOT NULL,
  last_seen_at       timestamptz NOT NULL,
  startup_ms         integer,
  watch_ms           bigint NOT NULL DEFAULT 0,
  rebuffer_count     integer NOT NULL DEFAULT 0,
  rebuffer_ms        bigint NOT NULL DEFAULT 0,
  dropped_frames     bigint NOT NULL DEFAULT 0,
  rendition_ms       jsonb NOT NULL DEFAULT '{}'::jsonb,
  max_upscale        real,
  error_code         text,
  error_message      text,
  failed             boolean NOT NULL DEFAULT false,
  ended              boolean NOT NULL DEFAULT false,
  rate_exceeded      boolean NOT NULL DEFAULT false,
  event_count        integer NOT NULL DEFAULT 0
);
CREATE INDEX playback_views_session_idx ON playback_views (video_session_id, started_at);

-- Issue 28 §2: who was live in a session, when and for how long. Presence heartbeats extend a span
-- while they come within the live window; a later return opens another.
CREATE TABLE attendance_spans (
  id                 bigserial PRIMARY KEY,
  video_session_id   bigint NOT NULL REFERENCES video_sessions (id) ON DELETE CASCADE,
  user_id            bigint NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  started_at         timestamptz NOT NULL,
  last_seen_at       timestamptz NOT NULL,
  CHECK (last_seen_at >= started_at)
);
CREATE INDEX attendance_spans_session_user_idx ON attendance_spans (video_session_id, user_id, last_seen_at DESC);
