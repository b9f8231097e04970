-- Users, sign-in accounts and channels (spec 1 §3, spec 3 §3 "Account").
-- Ids are bigint identities; both drivers are set to parse int8 as a JS number.

CREATE TABLE users (
  id              bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  email           text NOT NULL CHECK (email = lower(email) AND position('@' in email) > 1),
  first_name      text NOT NULL DEFAULT '',
  last_name       text NOT NULL DEFAULT '',
  full_name       text GENERATED ALWAYS AS (btrim(first_name || ' ' || last_name)) STORED,
  username        text UNIQUE,
  profile_photo   text,
  bio             text,
  password_hash   text,
  email_verified_at timestamptz,
  tos_accepted    timestamptz,
  -- Spec 1 §7: search_event_users_fts searches people by name and e-mail.
  search_vector   tsvector GENERATED ALWAYS AS (
                    to_tsvector('simple', first_name || ' ' || last_name || ' ' || email)) STORED,
  created_at      timestamptz NOT NULL DEFAULT now(),
  updated_at      timestamptz NOT NULL DEFAULT now()
);
CREATE UNIQUE INDEX users_email_key ON users (email);
CREATE INDEX users_search_idx ON users USING gin (search_vector);

-- Spec 1 §3 / spec 3 §3: a sign-in account links an e-mail at a provider to a user;
-- unique over e-mail and provider; `id` is the account's id at the provider.
CREATE TABLE accounts (
  email      text NOT NULL CHECK (email = lower(email)),
  provider   text NOT NULL CHECK (provider IN ('email', 'google', 'twitter', 'facebook', 'patreon')),
  id         text NOT NULL,
  user_id    bigint NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  issuer     text,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (email, provider)
);
CREATE UNIQUE INDEX accounts_provider_subject_key ON accounts (provider, id);
CREATE INDEX accounts_user_idx ON accounts (user_id);

-- Browser sign-in sessions; only a hash of the cookie value is stored.
CREATE TABLE user_sessions (
  id_hash      text PRIMARY KEY,
  user_id      bigint NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  csrf_secret  text NOT NULL,
  user_agent   text,
  created_at   timestamptz NOT NULL DEFAULT now(),
  last_seen_at timestamptz NOT NULL DEFAULT now(),
  expires_at   timestamptz NOT NULL
);
CREATE INDEX user_sessions_user_idx ON user_sessions (user_id);

-- Single-use tokens sent by e-mail (magic link, password reset, e-mail verification, invite).
CREATE TABLE auth_tokens (
  token_hash  text PRIMARY KEY,
  purpose     text NOT NULL CHECK (purpose IN ('magic_link', 'password_reset', 'verify_email', 'invite')),
  email       text NOT NULL CHECK (email = lower(email)),
  user_id     bigint REFERENCES users (id) ON DELETE CASCADE,
  payload     jsonb NOT NULL DEFAULT '{}'::jsonb,
  created_at  timestamptz NOT NULL DEFAULT now(),
  expires_at  timestamptz NOT NULL,
  used_at     timestamptz
);
CREATE INDEX auth_tokens_email_idx ON auth_tokens (email, purpose, created_at DESC);

-- Plans and subscriptions (spec 2 §3 "Plan limit", §8 plan banners; spec 1 §9 noindex rule).
CREATE TABLE plans (
  id                          bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  title                       text NOT NULL UNIQUE,
  is_free_trial               boolean NOT NULL DEFAULT false,
  total_monthly_hours         integer CHECK (total_monthly_hours IS NULL OR total_monthly_hours > 0),
  session_max_runtime_hours   integer CHECK (session_max_runtime_hours IS NULL OR session_max_runtime_hours > 0),
  live_attendee_limit         integer CHECK (live_attendee_limit IS NULL OR live_attendee_limit > 0),
  transcoder                  boolean NOT NULL DEFAULT true,
  price_cents                 integer NOT NULL DEFAULT 0 CHECK (price_cents >= 0)
);

CREATE TABLE organizations (
  id                  bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  name                text NOT NULL CHECK (length(btrim(name)) > 0),
  channel_name        text NOT NULL CHECK (channel_name ~ '^[a-z0-9][a-z0-9_-]*$'),
  profile_image       text,
  description         text,
  stripe_connect_id   text,
  patreon_campaign_id text,
  -- Organization limits (spec 2 §3); null means the plan's value applies.
  session_max_runtime_hours integer CHECK (session_max_runtime_hours IS NULL OR session_max_runtime_hours > 0),
  created_at          timestamptz NOT NULL DEFAULT now(),
  updated_at          timestamptz NOT NULL DEFAULT now(),
  deleted_at          timestamptz
);
CREATE UNIQUE INDEX organizations_channel_name_key ON organizations (channel_name);

CREATE TABLE subscriptions (
  id              bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  organization_id bigint NOT NULL REFERENCES organizations (id) ON DELETE CASCADE,
  plan_id         bigint NOT NULL REFERENCES plans (id),
  start_date      timestamptz NOT NULL DEFAULT now(),
  end_date        timestamptz,
  canceled_at     timestamptz,
  created_at      timestamptz NOT NULL DEFAULT now(),
  CHECK (end_date IS NULL OR end_date > start_date)
);
CREATE INDEX subscriptions_org_idx ON subscriptions (organization_id, start_date DESC);

-- Channel team; separate from event roles (spec 1 §3).
CREATE TABLE organization_members (
  organization_id bigint NOT NULL REFERENCES organizations (id) ON DELETE CASCADE,
  user_id         bigint NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  role            text NOT NULL CHECK (role IN ('owner', 'admin', 'member')),
  created_at      timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (organization_id, user_id)
);
CREATE INDEX organization_members_user_idx ON organization_members (user_id);
-- Exactly one owner per channel at most.
CREATE UNIQUE INDEX organization_members_one_owner ON organization_members (organization_id) WHERE role = 'owner';

CREATE TABLE followers (
  organization_id bigint NOT NULL REFERENCES organizations (id) ON DELETE CASCADE,
  user_id         bigint NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  created_at      timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (organization_id, user_id)
);
