-- Issue 13 item 7 live captions (docs/decisions.md "Live captions"): a session's caption source (the
-- secret token of its caption URL, the last seq taken, its rate window) and the lines captioners posted.
-- The lines are in the database, not on the media node, because a captioner's post may reach any node.
CREATE TABLE caption_sources (
  video_session_id  bigint PRIMARY KEY REFERENCES video_sessions (id) ON DELETE CASCADE,
  token             text NOT NULL,
  last_seq          bigint,
  window_start      timestamptz NOT NULL DEFAULT now(),
  window_lines      integer NOT NULL DEFAULT 0 CHECK (window_lines >= 0),
  created_at        timestamptz NOT NULL DEFAULT now()
);
CREATE UNIQUE INDEX caption_sources_token_key ON caption_sources (token);

CREATE TABLE caption_lines (
  id                bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  video_session_id  bigint NOT NULL REFERENCES video_sessions (id) ON DELETE CASCADE,
  seq               bigint NOT NULL CHECK (seq >= 0),
  lang              text NOT NULL,
  text              text NOT NULL,
  received_at       timestamptz NOT NULL
);
CREATE INDEX caption_lines_session_time_idx ON caption_lines (video_session_id, received_at);
