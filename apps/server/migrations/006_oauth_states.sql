-- Social sign-in in flight (spec 1 §4 social sign-in): what the OAuth callback needs to finish the sign-in
-- begun by /api/auth/{provider}/start. Only a hash of the state is kept, so a leaked row cannot be
-- replayed as a callback; a row is spent (deleted) by its callback and lives at most 10 minutes.
CREATE TABLE oauth_states (
  state_hash    text PRIMARY KEY,
  provider      text NOT NULL CHECK (provider IN ('google', 'twitter', 'facebook', 'patreon')),
  code_verifier text NOT NULL,
  -- OpenID Connect providers only: the ID token must carry it back.
  nonce         text,
  redirect_to   text NOT NULL,
  created_at    timestamptz NOT NULL DEFAULT now(),
  expires_at    timestamptz NOT NULL
);
CREATE INDEX oauth_states_expires_idx ON oauth_states (expires_at);
