-- Events, tickets, coupons, custom questions, registrations and payments (spec 1 §3, §5, §7).

CREATE TABLE events (
  id                          bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  event_code                  text NOT NULL CHECK (event_code ~ '^[A-Za-z0-9_-]{3,64}$'),
  organization_id             bigint NOT NULL REFERENCES organizations (id) ON DELETE CASCADE,
  title                       text NOT NULL CHECK (length(btrim(title)) > 0 AND length(title) <= 200),
  description                 text NOT NULL DEFAULT '',
  cover_photo                 text,
  timezone                    text NOT NULL DEFAULT 'UTC',
  access                      text NOT NULL DEFAULT 'registration_required'
                                CHECK (access IN ('open', 'registration_required', 'ticketed', 'patreon')),
  private                     boolean NOT NULL DEFAULT false,
  -- The event password is a shared secret hosts hand out, so hosts must be able to read it back;
  -- it is never sent to anyone without a team role on the event.
  password                    text CHECK (password IS NULL OR length(password) > 0),
  password_protected          boolean GENERATED ALWAYS AS (password IS NOT NULL) STORED,
  seat_limit                  integer CHECK (seat_limit IS NULL OR seat_limit > 0),
  multi_session               boolean NOT NULL DEFAULT false,
  custom_register_button_text text CHECK (custom_register_button_text IS NULL OR length(custom_register_button_text) <= 100),
  event_ticket_currency       text NOT NULL DEFAULT 'USD' CHECK (event_ticket_currency ~ '^[A-Z]{3}$'),
  patreon_tier_amount_cents   integer CHECK (patreon_tier_amount_cents IS NULL OR patreon_tier_amount_cents >= 0),
  -- Spec 1 §5 Remove Attendee: not offered when hide-unregister is set.
  hide_unregister             boolean NOT NULL DEFAULT false,
  -- Spec 2 §7 toggle-clipping is event-wide.
  disable_clipping            boolean NOT NULL DEFAULT false,
  meta_pixel_id               text,
  meta_pixel_event_page_load  boolean NOT NULL DEFAULT false,
  meta_pixel_event_registration_completed boolean NOT NULL DEFAULT false,
  created_by                  bigint REFERENCES users (id) ON DELETE SET NULL,
  created_at                  timestamptz NOT NULL DEFAULT now(),
  updated_at                  timestamptz NOT NULL DEFAULT now(),
  archived_at                 timestamptz,
  deleted_at                  timestamptz,
  CHECK (access <> 'patreon' OR patreon_tier_amount_cents IS NOT NULL)
);
CREATE UNIQUE INDEX events_event_code_key ON events (event_code);
CREATE INDEX events_organization_idx ON events (organization_id) WHERE deleted_at IS NULL;

CREATE TABLE event_tickets (
  id              bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  event_id        bigint NOT NULL REFERENCES events (id) ON DELETE CASCADE,
  title           text NOT NULL CHECK (length(btrim(title)) > 0),
  description     text NOT NULL DEFAULT '',
  -- Spec 1 §3: price {type, value in cents, maxValue in cents where 0 means no maximum}.
  price_type      text NOT NULL CHECK (price_type IN ('free', 'fixed', 'sliding')),
  price_cents     integer NOT NULL DEFAULT 0 CHECK (price_cents >= 0),
  max_value_cents integer NOT NULL DEFAULT 0 CHECK (max_value_cents >= 0),
  sort_order      integer NOT NULL DEFAULT 0,
  created_at      timestamptz NOT NULL DEFAULT now(),
  deleted_at      timestamptz,
  CHECK (price_type <> 'free' OR price_cents = 0),
  CHECK (price_type <> 'fixed' OR price_cents > 0),
  CHECK (price_type <> 'sliding' OR max_value_cents = 0 OR max_value_cents >= price_cents)
);
CREATE INDEX event_tickets_event_idx ON event_tickets (event_id);

CREATE TABLE coupons (
  id              bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  event_id        bigint NOT NULL REFERENCES events (id) ON DELETE CASCADE,
  name            text NOT NULL CHECK (length(btrim(name)) > 0 AND length(name) <= 64),
  coupon_type     text NOT NULL CHECK (coupon_type IN ('percent', 'amount')),
  -- percent: whole percent 1..100; amount: cents.
  value           integer NOT NULL CHECK (value > 0),
  max_redemptions integer CHECK (max_redemptions IS NULL OR max_redemptions > 0),
  expires_at      timestamptz,
  created_at      timestamptz NOT NULL DEFAULT now(),
  deleted_at      timestamptz,
  CHECK (coupon_type <> 'percent' OR value <= 100)
);
CREATE UNIQUE INDEX coupons_event_name_key ON coupons (event_id, lower(name)) WHERE deleted_at IS NULL;

CREATE TABLE custom_registration_fields (
  id          bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  event_id    bigint NOT NULL REFERENCES events (id) ON DELETE CASCADE,
  type        text NOT NULL CHECK (type IN ('checkbox', 'multiple_choice', 'multi_select', 'number', 'date', 'phone', 'url', 'text')),
  question    text NOT NULL CHECK (length(btrim(question)) > 0),
  is_required boolean NOT NULL DEFAULT false,
  "order"     integer NOT NULL DEFAULT 0,
  -- Spec 1 §3 "answers (list)": the choices of multiple_choice and multi_select questions.
  answers     jsonb NOT NULL DEFAULT '[]'::jsonb CHECK (jsonb_typeof(answers) = 'array'),
  min         double precision,
  max         double precision,
  created_at  timestamptz NOT NULL DEFAULT now(),
  deleted_at  timestamptz,
  CHECK (min IS NULL OR max IS NULL OR min <= max)
);
CREATE INDEX custom_registration_fields_event_idx ON custom_registration_fields (event_id, "order");

-- Sessions are created here because registrations, roles and clips refer to them.
CREATE TABLE video_sessions (
  id                     bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  event_id               bigint NOT NULL REFERENCES events (id) ON DELETE CASCADE,
  url_hash               text NOT NULL CHECK (url_hash ~ '^[a-z0-9]{6,32}$' AND url_hash <> 'lobby'),
  title                  text NOT NULL DEFAULT '' CHECK (length(title) <= 200),
  description            text NOT NULL DEFAULT '',
  time_scheduled         timestamptz NOT NULL,
  duration_minutes       integer NOT NULL DEFAULT 60 CHECK (duration_minutes > 0),
  time_broadcast_start   timestamptz,
  time_broadcast_end     timestamptz,
  state                  text NOT NULL DEFAULT 'scheduled'
                           CHECK (state IN ('scheduled', 'greenroom', 'broadcasting', 'postevent', 'ended')),
  session_type           text NOT NULL DEFAULT 'regular' CHECK (session_type IN ('regular', 'lobby')),
  broadcast_type         text NOT NULL DEFAULT 'webrtc' CHECK (broadcast_type IN ('webrtc', 'rtmp', 'rtmp-native')),
  hide_audience          boolean NOT NULL DEFAULT false,
  open_stage             boolean NOT NULL DEFAULT false,
  allow_raising_hands    boolean NOT NULL DEFAULT true,
  music_mode             boolean NOT NULL DEFAULT false,
  disable_chat           boolean NOT NULL DEFAULT false,
  disable_qa             boolean NOT NULL DEFAULT false,
  qa_show_on_stage       boolean NOT NULL DEFAULT false,
  qa_truncate_on_stage   boolean NOT NULL DEFAULT false,
  is_recording           boolean NOT NULL DEFAULT false,
  archive_composer_id    text,
  webrtc_conference_id   text,
  webrtc_provider        text NOT NULL DEFAULT 'embedded' CHECK (webrtc_provider IN ('embedded', 'livekit')),
  -- RTMP ingest key (spec 2 §7 transcoder {live_stream_id, streamKey}).
  stream_key             text,
  live_stream_id         text,
  -- Spec 3 §4: the shown call-to-action and the live overlays are recorded on the session.
  offer_state            jsonb NOT NULL DEFAULT '[]'::jsonb,
  overlays               jsonb NOT NULL DEFAULT '[]'::jsonb,
  overlays_updated_at    timestamptz,
  theme_id               bigint,
  created_at             timestamptz NOT NULL DEFAULT now(),
  updated_at             timestamptz NOT NULL DEFAULT now(),
  deleted_at             timestamptz,
  CHECK (time_broadcast_end IS NULL OR time_broadcast_start IS NULL OR time_broadcast_end >= time_broadcast_start)
);
CREATE UNIQUE INDEX video_sessions_url_hash_key ON video_sessions (event_id, url_hash);
CREATE UNIQUE INDEX video_sessions_stream_key_key ON video_sessions (stream_key) WHERE stream_key IS NOT NULL;
CREATE INDEX video_sessions_event_idx ON video_sessions (event_id, time_scheduled) WHERE deleted_at IS NULL;
CREATE INDEX video_sessions_live_idx ON video_sessions (state) WHERE state IN ('greenroom', 'broadcasting');

CREATE TABLE transactions (
  id                  bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  kind                text NOT NULL CHECK (kind IN ('ticket', 'donation')),
  provider            text NOT NULL CHECK (provider IN ('test', 'stripe')),
  status              text NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'paid', 'refunded', 'failed', 'expired')),
  user_id             bigint NOT NULL REFERENCES users (id),
  event_id            bigint NOT NULL REFERENCES events (id) ON DELETE CASCADE,
  video_session_id    bigint REFERENCES video_sessions (id) ON DELETE SET NULL,
  ticket_id           bigint REFERENCES event_tickets (id),
  coupon_id           bigint REFERENCES coupons (id),
  quantity            integer NOT NULL DEFAULT 1 CHECK (quantity > 0),
  amount_cents        integer NOT NULL CHECK (amount_cents >= 0),
  currency            text NOT NULL CHECK (currency ~ '^[A-Z]{3}$'),
  checkout_session_id text,
  client_reference_id text NOT NULL,
  idempotency_key     text,
  created_at          timestamptz NOT NULL DEFAULT now(),
  updated_at          timestamptz NOT NULL DEFAULT now(),
  CHECK (kind <> 'ticket' OR ticket_id IS NOT NULL),
  CHECK (kind <> 'donation' OR video_session_id IS NOT NULL)
);
CREATE UNIQUE INDEX transactions_checkout_session_key ON transactions (provider, checkout_session_id)
  WHERE checkout_session_id IS NOT NULL;
CREATE UNIQUE INDEX transactions_client_reference_key ON transactions (client_reference_id);
CREATE UNIQUE INDEX transactions_idempotency_key ON transactions (idempotency_key) WHERE idempotency_key IS NOT NULL;
CREATE INDEX transactions_user_event_idx ON transactions (user_id, event_id);

-- Webhook deliveries, deduplicated by the provider's event id.
CREATE TABLE payment_webhook_events (
  provider      text NOT NULL,
  id            text NOT NULL,
  type          text NOT NULL,
  payload       jsonb NOT NULL,
  received_at   timestamptz NOT NULL DEFAULT now(),
  processed_at  timestamptz,
  error         text,
  PRIMARY KEY (provider, id)
);

-- One registration per user and event (spec 1 §4 / issue: exactly once, even on races).
CREATE TABLE event_registrations (
  id                         bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  event_id                   bigint NOT NULL REFERENCES events (id) ON DELETE CASCADE,
  user_id                    bigint NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  ticket_id                  bigint REFERENCES event_tickets (id),
  coupon_id                  bigint REFERENCES coupons (id),
  transaction_id             bigint REFERENCES transactions (id),
  stripe_checkout_session_id text,
  amount_paid_cents          integer NOT NULL DEFAULT 0 CHECK (amount_paid_cents >= 0),
  clip_id                    bigint,
  utm_source                 text,
  utm_medium                 text,
  utm_campaign               text,
  utm_term                   text,
  utm_content                text,
  created_at                 timestamptz NOT NULL DEFAULT now()
);
CREATE UNIQUE INDEX event_registrations_event_user_key ON event_registrations (event_id, user_id);
CREATE INDEX event_registrations_user_idx ON event_registrations (user_id);

CREATE TABLE custom_registration_field_answers (
  registration_id bigint NOT NULL REFERENCES event_registrations (id) ON DELETE CASCADE,
  field_id        bigint NOT NULL REFERENCES custom_registration_fields (id) ON DELETE CASCADE,
  -- Spec 1 §3: multi-select answers are stored comma-joined.
  answer          text NOT NULL,
  PRIMARY KEY (registration_id, field_id)
);

-- Spec 1 §3 event user role record; speakers are recorded per video session (video_session_ids).
CREATE TABLE events_users_roles (
  id                bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  event_id          bigint NOT NULL REFERENCES events (id) ON DELETE CASCADE,
  user_id           bigint NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  event_role        text NOT NULL DEFAULT 'guest'
                      CHECK (event_role IN ('host', 'owner', 'admin', 'moderator', 'speaker', 'guest')),
  video_session_ids bigint[] NOT NULL DEFAULT '{}',
  created_at        timestamptz NOT NULL DEFAULT now(),
  updated_at        timestamptz NOT NULL DEFAULT now()
);
CREATE UNIQUE INDEX events_users_roles_event_user_key ON events_users_roles (event_id, user_id);
CREATE INDEX events_users_roles_updated_idx ON events_users_roles (event_id, updated_at DESC);
CREATE INDEX events_users_roles_user_idx ON events_users_roles (user_id);
