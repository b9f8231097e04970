-- Realtime (issue 6): every topic has a sequence; each committed change is kept here for resumes.

CREATE TABLE realtime_topics (
  topic    text PRIMARY KEY CHECK (topic ~ '^(event|session|chat|presence|user):[1-9][0-9]*$'),
  last_seq bigint NOT NULL CHECK (last_seq > 0)
);

-- Written in the same transaction as the change it describes, published after commit.
CREATE TABLE realtime_messages (
  topic      text NOT NULL REFERENCES realtime_topics (topic) ON DELETE CASCADE,
  seq        bigint NOT NULL,
  kind       text NOT NULL CHECK (kind IN ('change', 'broadcast')),
  event      text NOT NULL CHECK (length(event) BETWEEN 1 AND 64),
  table_name text,
  payload    jsonb NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (topic, seq)
);
CREATE INDEX realtime_messages_created_idx ON realtime_messages (created_at);

-- Presence lists: who is in a session by state and recency.
CREATE INDEX video_session_users_session_seen_idx ON video_session_users (video_session_id, last_seen DESC);
