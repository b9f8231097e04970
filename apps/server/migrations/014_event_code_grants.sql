-- Unlisted (private) events (spec 1 §2 'This event isn't visible on channel'): their sequential id must not
-- let anyone register, pay, chat or even learn that they exist. Whoever opens the event by its code gets a
-- grant here, held by the browser (a random cookie, only its hash is stored) and by the signed-in user, so
-- it survives a sign-in in the middle of registration (docs/decisions.md "Unlisted events").
CREATE TABLE event_code_grants (
  event_id   bigint NOT NULL REFERENCES events (id) ON DELETE CASCADE,
  -- 'user:{id}' or 'browser:{sha-256 of the cookie}'.
  holder     text NOT NULL CHECK (holder ~ '^(user:[0-9]+|browser:[0-9a-f]{64})$'),
  opened_at  timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (event_id, holder)
);
CREATE INDEX event_code_grants_opened_idx ON event_code_grants (opened_at);
