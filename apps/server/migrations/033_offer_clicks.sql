-- Issue 25 §3: clicks on a call to action, counted once per person (a second click adds nothing, so a
-- viewer cannot inflate the team's figure). The offer shown is video_sessions.offer_state.
CREATE TABLE offer_clicks (
  custom_element_id bigint NOT NULL REFERENCES custom_elements (id) ON DELETE CASCADE,
  user_id           bigint NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  created_at        timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (custom_element_id, user_id)
);
