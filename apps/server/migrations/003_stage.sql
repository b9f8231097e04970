-- The live stage: streams, presence, stage intents, chat, Q&A, polls (spec 2 §3, spec 1 §3).

CREATE TABLE video_session_streams (
  id                   bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  video_session_id     bigint NOT NULL REFERENCES video_sessions (id) ON DELETE CASCADE,
  active_state         text NOT NULL DEFAULT 'countdown'
                         CHECK (active_state IN ('countdown', 'recording', 'streaming', 'ended', 'error')),
  live_playback_url    text,
  vod_playback_url     text,
  broadcast_started_at timestamptz,
  broadcast_ended_at   timestamptz,
  created_at           timestamptz NOT NULL DEFAULT now(),
  deleted_at           timestamptz
);
CREATE INDEX video_session_streams_session_idx ON video_session_streams (video_session_id, created_at DESC);
-- At most one stream of a session is live at a time.
CREATE UNIQUE INDEX video_session_streams_one_live ON video_session_streams (video_session_id)
  WHERE deleted_at IS NULL AND active_state IN ('countdown', 'recording', 'streaming');

-- Live video-session user (spec 1 §3, spec 2 §3).
CREATE TABLE video_session_users (
  video_session_id  bigint NOT NULL REFERENCES video_sessions (id) ON DELETE CASCADE,
  user_id           bigint NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  state             text NOT NULL DEFAULT 'active' CHECK (state IN ('active', 'offline', 'on_stage')),
  active_browser_id text,
  last_seen         timestamptz NOT NULL DEFAULT now(),
  last_action_date  timestamptz,
  joined_session    timestamptz NOT NULL DEFAULT now(),
  joined_live       timestamptz,
  updated_at        timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (video_session_id, user_id)
);
CREATE INDEX video_session_users_state_idx ON video_session_users (video_session_id, state, last_seen DESC);
CREATE INDEX video_session_users_user_idx ON video_session_users (user_id);

-- Stage intents: a user has at most one current intent per session (spec 2 §4 transitions).
CREATE TABLE video_session_intents (
  id                 bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  video_session_id   bigint NOT NULL REFERENCES video_sessions (id) ON DELETE CASCADE,
  user_id            bigint NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  intent_type        text NOT NULL CHECK (intent_type IN ('hand_raised', 'invite_sent', 'invite_accepted', 'invite_declined')),
  tile_state         text NOT NULL DEFAULT 'main' CHECK (tile_state IN ('main', 'offstage', 'side')),
  metadata           jsonb NOT NULL DEFAULT '{}'::jsonb,
  created_by_user_id bigint REFERENCES users (id) ON DELETE SET NULL,
  created_at         timestamptz NOT NULL DEFAULT now(),
  updated_at         timestamptz NOT NULL DEFAULT now()
);
CREATE UNIQUE INDEX video_session_intents_session_user_key ON video_session_intents (video_session_id, user_id);

CREATE TABLE chats (
  id               bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  video_session_id bigint NOT NULL REFERENCES video_sessions (id) ON DELETE CASCADE,
  chat_type        text NOT NULL CHECK (chat_type IN ('public', 'backstage'))
);
CREATE UNIQUE INDEX chats_session_type_key ON chats (video_session_id, chat_type);

CREATE TABLE chat_messages (
  id          bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  chat_id     bigint NOT NULL REFERENCES chats (id) ON DELETE CASCADE,
  user_id     bigint NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  -- Spec 2 §5: trimmed, never empty.
  message     text NOT NULL CHECK (length(btrim(message)) > 0 AND length(message) <= 2000),
  "timestamp" timestamptz NOT NULL DEFAULT now(),
  created_at  timestamptz NOT NULL DEFAULT now(),
  updated_at  timestamptz,
  deleted_at  timestamptz
);
-- Spec 2 §7: history by id descending, not deleted, paged by id.
CREATE INDEX chat_messages_history_idx ON chat_messages (chat_id, id DESC) WHERE deleted_at IS NULL;

CREATE TABLE chat_reactions (
  chat_message_id bigint NOT NULL REFERENCES chat_messages (id) ON DELETE CASCADE,
  user_id         bigint NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  reaction        text NOT NULL CHECK (length(reaction) BETWEEN 1 AND 32),
  chat_id         bigint NOT NULL REFERENCES chats (id) ON DELETE CASCADE,
  created_at      timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (chat_message_id, user_id, reaction)
);

CREATE TABLE questions (
  id                 bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  video_session_id   bigint NOT NULL REFERENCES video_sessions (id) ON DELETE CASCADE,
  user_id            bigint NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  content            text NOT NULL CHECK (length(btrim(content)) > 0 AND length(content) <= 2000),
  answered           boolean NOT NULL DEFAULT false,
  -- Spec 2 §3: answered_timestamp in ms, viewed at that moment minus 2 s in the replay.
  answered_timestamp bigint,
  "timestamp"        timestamptz NOT NULL DEFAULT now(),
  updated_at         timestamptz NOT NULL DEFAULT now(),
  CHECK (answered = (answered_timestamp IS NOT NULL))
);
CREATE INDEX questions_session_idx ON questions (video_session_id, answered, "timestamp");

-- Upvotes are a list of user ids in the spec; a row per vote keeps them unique.
CREATE TABLE question_upvotes (
  question_id bigint NOT NULL REFERENCES questions (id) ON DELETE CASCADE,
  user_id     bigint NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  created_at  timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (question_id, user_id)
);

CREATE TABLE question_comments (
  id          bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  question_id bigint NOT NULL REFERENCES questions (id) ON DELETE CASCADE,
  user_id     bigint NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  content     text NOT NULL CHECK (length(btrim(content)) > 0 AND length(content) <= 2000),
  created_at  timestamptz NOT NULL DEFAULT now(),
  updated_at  timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX question_comments_question_idx ON question_comments (question_id, created_at);

CREATE TABLE polls (
  id           bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  event_id     bigint NOT NULL REFERENCES events (id) ON DELETE CASCADE,
  session_id   bigint NOT NULL REFERENCES video_sessions (id) ON DELETE CASCADE,
  question     text NOT NULL CHECK (length(btrim(question)) > 0 AND length(question) <= 500),
  hidden       boolean NOT NULL DEFAULT false,
  show_answers boolean NOT NULL DEFAULT false,
  "order"      integer NOT NULL DEFAULT 0,
  created_at   timestamptz NOT NULL DEFAULT now(),
  updated_at   timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX polls_session_idx ON polls (session_id, "order");

CREATE TABLE polls_options (
  id       bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  poll_id  bigint NOT NULL REFERENCES polls (id) ON DELETE CASCADE,
  option   text NOT NULL CHECK (length(btrim(option)) > 0 AND length(option) <= 200),
  "order"  integer NOT NULL DEFAULT 0,
  UNIQUE (poll_id, id)
);

-- One answer per user and poll; the (poll_id, option_id) key keeps the option inside its poll.
CREATE TABLE poll_answers (
  poll_id    bigint NOT NULL REFERENCES polls (id) ON DELETE CASCADE,
  user_id    bigint NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  option_id  bigint NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (poll_id, user_id),
  FOREIGN KEY (poll_id, option_id) REFERENCES polls_options (poll_id, id) ON DELETE CASCADE
);
CREATE INDEX poll_answers_option_idx ON poll_answers (option_id);
