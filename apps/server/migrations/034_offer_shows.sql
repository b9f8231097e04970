-- Issue 25 §3: every time a CTA was on air, as it read then, so the replay shows it at the same moments
-- (spec 2: offers in the replay too). Closed when it leaves the air; one open row per session at most.
CREATE TABLE offer_shows (
  id                bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  video_session_id  bigint NOT NULL REFERENCES video_sessions (id) ON DELETE CASCADE,
  custom_element_id bigint REFERENCES custom_elements (id) ON DELETE SET NULL,
  label             text NOT NULL,
  url               text NOT NULL,
  shown_at          timestamptz NOT NULL,
  hidden_at         timestamptz,
  CHECK (hidden_at IS NULL OR hidden_at >= shown_at)
);
CREATE INDEX offer_shows_session_idx ON offer_shows (video_session_id, shown_at);
CREATE UNIQUE INDEX offer_shows_open_key ON offer_shows (video_session_id) WHERE hidden_at IS NULL;
