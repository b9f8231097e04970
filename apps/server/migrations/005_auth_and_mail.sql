-- Sign-in throttling and the development mailbox (issue: accounts and sign-in).

-- Failed-guess counters, shared by every node. `key` is e.g. 'login:account:{email}' or 'login:ip:{addr}'.
CREATE TABLE auth_throttle (
  key           text PRIMARY KEY,
  failures      integer NOT NULL DEFAULT 0 CHECK (failures >= 0),
  window_start  timestamptz NOT NULL DEFAULT now(),
  blocked_until timestamptz
);

-- The embedded mail default: mail is stored here (and logged) instead of being sent.
CREATE TABLE dev_mailbox (
  id         bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  "to"       text NOT NULL,
  subject    text NOT NULL,
  text       text NOT NULL,
  html       text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);
