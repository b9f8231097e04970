-- Studio (spec 3 §3), clips, bans, feedback and analytics.

-- Spec 3 §3 Theme / template: `description` is its name; duplicates are allowed (spec 3 §5).
CREATE TABLE themes (
  id              bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  organization_id bigint NOT NULL REFERENCES organizations (id) ON DELETE CASCADE,
  description     text NOT NULL CHECK (length(btrim(description)) > 0),
  theme_type      text NOT NULL DEFAULT 'organization' CHECK (theme_type IN ('organization')),
  created_at      timestamptz NOT NULL DEFAULT now(),
  updated_at      timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX themes_organization_idx ON themes (organization_id);
ALTER TABLE video_sessions
  ADD CONSTRAINT video_sessions_theme_fkey FOREIGN KEY (theme_id) REFERENCES themes (id) ON DELETE SET NULL;

-- An element belongs to a session (live) or to a theme (saved template copy).
CREATE TABLE custom_elements (
  id               bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  video_session_id bigint REFERENCES video_sessions (id) ON DELETE CASCADE,
  theme_id         bigint REFERENCES themes (id) ON DELETE CASCADE,
  type             text NOT NULL CHECK (type IN ('title', 'question', 'primary_color', 'chat', 'background',
                                                 'offer', 'contribution', 'logo')),
  title            text NOT NULL DEFAULT '',
  value            text NOT NULL DEFAULT '',
  "order"          integer NOT NULL DEFAULT 0,
  options          jsonb NOT NULL DEFAULT '{}'::jsonb,
  config           jsonb NOT NULL DEFAULT '{}'::jsonb,
  created_at       timestamptz NOT NULL DEFAULT now(),
  updated_at       timestamptz NOT NULL DEFAULT now(),
  CHECK ((video_session_id IS NULL) <> (theme_id IS NULL)),
  -- Spec 3 §5: title overlay title at most 32 characters, subtitle at most 45.
  CHECK (type <> 'title' OR (length(btrim(title)) BETWEEN 1 AND 32 AND length(value) <= 45)),
  -- Spec 3 §3: brand elements use fixed titles.
  CHECK (type <> 'logo' OR title = 'logo'),
  CHECK (type <> 'background' OR title = 'background'),
  CHECK (type <> 'primary_color' OR (title = 'primary-color' AND value ~ '^#[0-9A-Fa-f]{6}$'))
);
CREATE INDEX custom_elements_session_idx ON custom_elements (video_session_id, type, "order");
CREATE INDEX custom_elements_theme_idx ON custom_elements (theme_id);

CREATE TABLE file_presentations (
  id                bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  organization_id   bigint NOT NULL REFERENCES organizations (id) ON DELETE CASCADE,
  video_session_id  bigint REFERENCES video_sessions (id) ON DELETE CASCADE,
  theme_id          bigint REFERENCES themes (id) ON DELETE CASCADE,
  displayname       text NOT NULL CHECK (length(btrim(displayname)) > 0),
  file_key          text NOT NULL,
  file_type         text NOT NULL CHECK (file_type IN ('pdf', 'doc', 'docx', 'ppt', 'pptx', 'png', 'jpg', 'jpeg')),
  conversion_state  text NOT NULL DEFAULT 'pending' CHECK (conversion_state IN ('pending', 'converting', 'ready', 'failed')),
  conversion_error  text,
  page_count        integer NOT NULL DEFAULT 0 CHECK (page_count >= 0),
  is_active         boolean NOT NULL DEFAULT false,
  -- Spec 3 §3 state {presenterId, position}.
  state             jsonb NOT NULL DEFAULT '{}'::jsonb,
  "order"           integer NOT NULL DEFAULT 1,
  created_at        timestamptz NOT NULL DEFAULT now(),
  updated_at        timestamptz NOT NULL DEFAULT now(),
  CHECK ((video_session_id IS NULL) <> (theme_id IS NULL))
);
CREATE INDEX file_presentations_session_idx ON file_presentations (video_session_id, "order");
-- Spec 3 §4: starting a presentation first stops any other active one.
CREATE UNIQUE INDEX file_presentations_one_active ON file_presentations (video_session_id) WHERE is_active;

CREATE TABLE video_shares (
  id               bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  organization_id  bigint NOT NULL REFERENCES organizations (id) ON DELETE CASCADE,
  video_session_id bigint REFERENCES video_sessions (id) ON DELETE CASCADE,
  theme_id         bigint REFERENCES themes (id) ON DELETE CASCADE,
  title            text NOT NULL DEFAULT '',
  file_key         text NOT NULL,
  is_active        boolean NOT NULL DEFAULT false,
  -- Playback state with the timestamp it was taken at.
  state            jsonb NOT NULL DEFAULT '{}'::jsonb,
  "order"          integer NOT NULL DEFAULT 1,
  created_at       timestamptz NOT NULL DEFAULT now(),
  updated_at       timestamptz NOT NULL DEFAULT now(),
  CHECK ((video_session_id IS NULL) <> (theme_id IS NULL))
);
CREATE INDEX video_shares_session_idx ON video_shares (video_session_id, "order");
CREATE UNIQUE INDEX video_shares_one_active ON video_shares (video_session_id) WHERE is_active;

CREATE TABLE clips (
  id               bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  slug             text NOT NULL CHECK (slug ~ '^[a-z0-9-]{4,80}$'),
  title            text NOT NULL CHECK (length(btrim(title)) > 0 AND length(title) <= 200),
  event_id         bigint NOT NULL REFERENCES events (id) ON DELETE CASCADE,
  video_session_id bigint NOT NULL REFERENCES video_sessions (id) ON DELETE CASCADE,
  user_id          bigint REFERENCES users (id) ON DELETE SET NULL,
  start_time       double precision NOT NULL CHECK (start_time >= 0),
  end_time         double precision NOT NULL,
  render_state     text NOT NULL DEFAULT 'pending' CHECK (render_state IN ('pending', 'rendering', 'ready', 'failed')),
  render_progress  real NOT NULL DEFAULT 0 CHECK (render_progress BETWEEN 0 AND 1),
  file_key         text,
  created_at       timestamptz NOT NULL DEFAULT now(),
  updated_at       timestamptz NOT NULL DEFAULT now(),
  deleted_at       timestamptz,
  -- Spec 2 §5: a clip is at most 60 s long.
  CHECK (end_time > start_time AND end_time - start_time <= 60)
);
CREATE UNIQUE INDEX clips_slug_key ON clips (slug);
CREATE INDEX clips_session_idx ON clips (video_session_id, start_time) WHERE deleted_at IS NULL;
ALTER TABLE event_registrations
  ADD CONSTRAINT event_registrations_clip_fkey FOREIGN KEY (clip_id) REFERENCES clips (id) ON DELETE SET NULL;

-- Clip analytics (spec 3 §3): views here; registrations are event_registrations.clip_id.
CREATE TABLE clip_views (
  id         bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  clip_id    bigint NOT NULL REFERENCES clips (id) ON DELETE CASCADE,
  viewer_key text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX clip_views_clip_idx ON clip_views (clip_id);

CREATE TABLE bans (
  id              bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  user_id         bigint NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  event_id        bigint REFERENCES events (id) ON DELETE CASCADE,
  organization_id bigint NOT NULL REFERENCES organizations (id) ON DELETE CASCADE,
  -- Spec 1 §9: ban reason is the fixed 'Spam'.
  reason          text NOT NULL DEFAULT 'Spam',
  banned_by       bigint REFERENCES users (id) ON DELETE SET NULL,
  ban_type        text NOT NULL CHECK (ban_type IN ('event', 'organization')),
  -- Spec 1 §4 ban flow: an event ban is either a shadow ban (stays, hidden) or ban-and-remove.
  is_shadow       boolean NOT NULL DEFAULT false,
  active          boolean NOT NULL DEFAULT true,
  created_at      timestamptz NOT NULL DEFAULT now(),
  removed_at      timestamptz,
  removed_by      bigint REFERENCES users (id) ON DELETE SET NULL,
  CHECK ((ban_type = 'event') = (event_id IS NOT NULL)),
  CHECK (ban_type = 'event' OR NOT is_shadow),
  CHECK (active = (removed_at IS NULL))
);
CREATE UNIQUE INDEX bans_one_active_event ON bans (event_id, user_id) WHERE active AND ban_type = 'event';
CREATE UNIQUE INDEX bans_one_active_org ON bans (organization_id, user_id) WHERE active AND ban_type = 'organization';
CREATE INDEX bans_user_idx ON bans (user_id) WHERE active;

-- Spec 2 §3 Feedback (feedback_v2).
CREATE TABLE feedback (
  id                   bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  overall              smallint CHECK (overall BETWEEN 1 AND 5),
  use_again            smallint CHECK (use_again BETWEEN 1 AND 5),
  video_quality        smallint CHECK (video_quality BETWEEN 1 AND 5),
  audio_quality        smallint CHECK (audio_quality BETWEEN 1 AND 5),
  general_feedback     text CHECK (general_feedback IS NULL OR length(general_feedback) <= 5000),
  webrtc_conference_id text,
  event_id             bigint NOT NULL REFERENCES events (id) ON DELETE CASCADE,
  session_id           bigint REFERENCES video_sessions (id) ON DELETE SET NULL,
  most_tiles_on_stage  integer CHECK (most_tiles_on_stage IS NULL OR most_tiles_on_stage >= 0),
  host_user_id         bigint REFERENCES users (id) ON DELETE SET NULL,
  geolocations         jsonb NOT NULL DEFAULT '[]'::jsonb,
  broadcast_type       text CHECK (broadcast_type IN ('webrtc', 'rtmp', 'rtmp-native')),
  created_at           timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX feedback_event_idx ON feedback (event_id);

-- The track() port's store (spec 1 §7 analytics events); later issues chart from it.
CREATE TABLE analytics_events (
  id               bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  name             text NOT NULL CHECK (name ~ '^[a-z][a-z0-9-]*$'),
  priority         text NOT NULL DEFAULT 'normal' CHECK (priority IN ('normal', 'high')),
  user_id          bigint REFERENCES users (id) ON DELETE SET NULL,
  event_id         bigint REFERENCES events (id) ON DELETE CASCADE,
  video_session_id bigint REFERENCES video_sessions (id) ON DELETE SET NULL,
  organization_id  bigint REFERENCES organizations (id) ON DELETE CASCADE,
  properties       jsonb NOT NULL DEFAULT '{}'::jsonb,
  created_at       timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX analytics_events_event_idx ON analytics_events (event_id, name, created_at);
CREATE INDEX analytics_events_name_idx ON analytics_events (name, created_at);
