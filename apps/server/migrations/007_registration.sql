-- Registration (issue 5): the membership gate's verdicts, and coupon redemptions counted per coupon.

-- Spec 1 §4: a membership-gated event registers only users whose membership check passed; the
-- membership gate records each passed check here.
CREATE TABLE membership_verifications (
  user_id     bigint NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  event_id    bigint NOT NULL REFERENCES events (id) ON DELETE CASCADE,
  verified_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (event_id, user_id)
);

-- A coupon's redemptions are its registrations; counted inside the registration transaction.
CREATE INDEX event_registrations_coupon_idx ON event_registrations (coupon_id) WHERE coupon_id IS NOT NULL;
